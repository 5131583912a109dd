/**
 * POST {auth}/password/forgot with a captcha token (action `forgot-password`): the server mails a
 * single-use link if the address has an account. The page says the same thing either way
 * (authMessages.resetLinkSent), so it never tells a stranger whether an account exists.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { authMessages, type ForgotPasswordRequest, forgotPasswordRequestSchema } from '@store/shared/auth';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { AuthApi } from '#src/lib/auth-api';
import { useCaptchaToken } from '#src/lib/captcha/use-captcha-token';
import { knownError } from '#src/lib/i18n/known-text';
import { Trans } from '#src/lib/i18n/trans';
import { useLingui } from '#src/lib/i18n/use-lingui';
import { emailFrom } from './account-texts';
import { EmailInput } from './email-input';
import { FailureAlert, showsAlert } from './failure-alert';
import { useAccountForm } from './use-account-form';

const resolver = zodResolver(forgotPasswordRequestSchema);

export function ForgotPasswordForm({ api }: { api: AuthApi }) {
  const { i18n } = useLingui();
  const id = useId();
  const { state } = useLocation();
  const captchaToken = useCaptchaToken();
  const [sent, setSent] = useState(false);
  const { register, errors, isSubmitting, failure, alertId, formProps } = useAccountForm<ForgotPasswordRequest>({
    resolver,
    defaultValues: { email: emailFrom(state) },
    fields: ['email'],
    send: async (values) => api.forgotPassword(values, await captchaToken('forgot-password')),
    onSuccess: () => setSent(true),
    focusOnFailure: null,
  });

  return (
    <>
      {sent ? (
        <SentNotice />
      ) : (
        <form {...formProps}>
          <p className="account-intro">
            {i18n._('Enter the e-mail of your account. We will send you a link to choose a new password.')}
          </p>
          <EmailInput {...register('email')} id={`${id}-email`} error={knownError(i18n, errors.email?.message)} />
          <button type="submit" className="button button--large" disabled={isSubmitting}>
            {isSubmitting ? i18n._('Sending...') : i18n._('Send the link')}
          </button>
          {showsAlert(failure) && (
            <FailureAlert
              id={alertId}
              title={i18n._('The link could not be sent')}
              detail={failure.detail}
              takeFocus={failure.fields.length === 0}
            />
          )}
        </form>
      )}
      <div className="account-other">
        <p>
          <Trans id={/*i18n*/ 'Remembered it? <0>Log in</0>'} components={{ 0: <Link to="/login" /> }} />
        </p>
      </div>
    </>
  );
}

/** The one answer, focused so a screen reader reads it at once (the form it replaces had focus). */
function SentNotice() {
  const { i18n } = useLingui();
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <p ref={ref} role="status" className="notice account-done" tabIndex={-1}>
      {i18n._(authMessages.resetLinkSent)}
    </p>
  );
}
