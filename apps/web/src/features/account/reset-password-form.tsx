/**
 * POST {auth}/password/reset: the new password, typed twice, with the link's token. The server
 * ends every other session and opens one here, so a success goes to /dashboard signed in; a token
 * that has expired or was used replaces the form with authMessages.invalidToken and a way to a new link.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import type { AuthApi } from '#src/lib/auth-api';
import { knownError } from '#src/lib/i18n/known-text';
import { useLingui } from '#src/lib/i18n/use-lingui';
import { FailureAlert, showsAlert } from './failure-alert';
import { InvalidLink } from './invalid-link';
import { isInvalidToken } from './link-token';
import { NewPasswordFields } from './new-password-fields';
import { checkRepeat, newPasswordRule } from './new-password-schema';
import { useAccountForm } from './use-account-form';

/** The new password twice; the token comes from the link, not from the form. */
const resetPasswordFormSchema = z
  .object({ password: newPasswordRule, repeat: z.string() })
  .superRefine(({ password, repeat }, context) => checkRepeat(password, repeat, context));
type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;
const resolver = zodResolver(resetPasswordFormSchema);

export const PASSWORD_RESET_DONE = /*i18n*/ 'Your new password is saved. You are signed in.';

export function AskForNewLink() {
  const { i18n } = useLingui();
  return (
    <p>
      <Link to="/forgot-password">{i18n._('Ask for a new link')}</Link>
    </p>
  );
}

export function ResetPasswordForm({ api, token }: { api: AuthApi; token: string }) {
  const { i18n } = useLingui();
  const id = useId();
  const navigate = useNavigate();
  const [linkRefused, setLinkRefused] = useState(false);
  const { register, errors, isSubmitting, failure, alertId, formProps } = useAccountForm<ResetPasswordForm>({
    resolver,
    defaultValues: { password: '', repeat: '' },
    fields: ['password'],
    send: async ({ password }) => {
      try {
        return await api.resetPassword({ token, password });
      } catch (error) {
        if (isInvalidToken(error)) setLinkRefused(true);
        throw error;
      }
    },
    onSuccess: () => {
      toast.success(i18n._(PASSWORD_RESET_DONE));
      // Replace: Back must not return to a used link.
      navigate('/dashboard', { replace: true });
    },
    focusOnFailure: 'password',
  });

  if (linkRefused) {
    return (
      <InvalidLink takeFocus>
        <AskForNewLink />
      </InvalidLink>
    );
  }
  return (
    <form {...formProps}>
      <NewPasswordFields
        password={{ ...register('password'), id: `${id}-password`, error: knownError(i18n, errors.password?.message) }}
        repeat={{ ...register('repeat'), id: `${id}-repeat`, error: knownError(i18n, errors.repeat?.message) }}
      />
      <button type="submit" className="button button--large" disabled={isSubmitting}>
        {isSubmitting ? i18n._('Saving...') : i18n._('Save the new password')}
      </button>
      {showsAlert(failure) && (
        <FailureAlert
          id={alertId}
          title={i18n._('The password could not be saved')}
          detail={failure.detail}
          takeFocus={failure.fields.length === 0}
        />
      )}
    </form>
  );
}
