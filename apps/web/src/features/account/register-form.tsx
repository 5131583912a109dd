/**
 * SPEC.md §2 /register, §7 POST /register: success goes to /dashboard (the server has signed the
 * new account in), any failure shows 'Registration failed' with the server's reason, and by the
 * field when it refused one (e.g. an e-mail that already has an account).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { authMessages, PASSWORD_MIN_LENGTH, type RegisterRequest, registerRequestSchema } from '@store/shared/auth';
import { useId } from 'react';
import { Link, useNavigate } from 'react-router';
import { LabelledInput } from '#src/components/labelled-input';
import { PasswordInput } from '#src/components/password-input';
import type { AuthApi } from '#src/lib/auth-api';
import { useCaptchaToken } from '#src/lib/captcha/use-captcha-token';
import { knownError } from '#src/lib/i18n/known-text';
import { Trans } from '#src/lib/i18n/trans';
import { useLingui } from '#src/lib/i18n/use-lingui';
import type { VerificationSentState } from './account-texts';
import { EmailInput } from './email-input';
import { FailureAlert } from './failure-alert';
import { useAccountForm } from './use-account-form';

const resolver = zodResolver(registerRequestSchema);

export function RegisterForm({ api }: { api: AuthApi }) {
  const { i18n } = useLingui();
  const id = useId();
  const captchaToken = useCaptchaToken();
  const navigate = useNavigate();
  const { register, errors, isSubmitting, failure, alertId, formProps, getValues } = useAccountForm<RegisterRequest>({
    resolver,
    defaultValues: { name: '', email: '', password: '' },
    fields: ['name', 'email', 'password'],
    send: async (values) => api.register(values, await captchaToken('register')),
    // The server mailed a confirmation link: the dashboard says where it went.
    onSuccess: (_answer, { email }) =>
      navigate('/dashboard', { state: { verificationSentTo: email } satisfies VerificationSentState }),
    // No field to blame (e.g. no network): the alert itself takes focus.
    focusOnFailure: null,
  });

  return (
    <>
      <form {...formProps}>
        <LabelledInput
          {...register('name')}
          id={`${id}-name`}
          label={i18n._('Name')}
          autoComplete="name"
          error={knownError(i18n, errors.name?.message)}
        />
        <EmailInput
          {...register('email')}
          id={`${id}-email`}
          error={
            errors.email?.message === authMessages.emailTaken ? (
              // Said once, here by the field (not again in the alert), with the way out as a link.
              // authMessages.emailTakenReason and logInInstead, as one sentence for the translators.
              <Trans
                id={/*i18n*/ 'An account with this e-mail already exists. <0>Log in instead</0>.'}
                components={{ 0: <Link to="/login" state={{ email: getValues('email') }} /> }}
              />
            ) : (
              knownError(i18n, errors.email?.message)
            )
          }
        />
        <PasswordInput
          {...register('password')}
          id={`${id}-password`}
          // The rule in the label itself: read with the field, before anything goes wrong.
          label={i18n._('Password (at least {count} characters)', { count: PASSWORD_MIN_LENGTH })}
          autoComplete="new-password"
          error={knownError(i18n, errors.password?.message)}
        />
        <button type="submit" className="button button--large" disabled={isSubmitting}>
          {isSubmitting ? i18n._('Registering...') : i18n._('Register')}
        </button>
        {failure && (
          <FailureAlert
            id={alertId}
            title={i18n._(authMessages.registrationFailed)}
            detail={failure.detail}
            takeFocus={failure.fields.length === 0}
          />
        )}
      </form>
      <div className="account-other">
        <p>
          <Trans id={/*i18n*/ 'Already have an account? <0>Log in</0>'} components={{ 0: <Link to="/login" /> }} />
        </p>
      </div>
    </>
  );
}
