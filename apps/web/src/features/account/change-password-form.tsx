/**
 * POST {auth}/password/change (issue 18): a new password, typed twice, confirmed with the current
 * one when the account has a password. A Google-only account sets its first password here (and can
 * then also log in with it). The server ends every other session of the account.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { AuthUserResponse, PublicUser } from '@store/shared/auth';
import { useId, useMemo, useState } from 'react';
import { z } from 'zod';
import { PasswordInput } from '#src/components/password-input';
import type { AuthApi } from '#src/lib/auth-api';
import { knownError } from '#src/lib/i18n/known-text';
import { useLingui } from '#src/lib/i18n/use-lingui';
import { DoneStatus } from './done-status';
import { FailureAlert, showsAlert } from './failure-alert';
import { NewPasswordFields } from './new-password-fields';
import { checkRepeat, currentPasswordRule, newPasswordRule } from './new-password-schema';
import { useAccountForm } from './use-account-form';

export const PASSWORD_CHANGED = /*i18n*/ 'Your password is changed. You were logged out on your other devices.';

type ChangePasswordForm = { currentPassword: string; newPassword: string; repeat: string };

function changePasswordFormSchema(hasPassword: boolean) {
  return z
    .object({
      currentPassword: hasPassword ? currentPasswordRule : z.string(),
      newPassword: newPasswordRule,
      repeat: z.string(),
    })
    .superRefine(({ newPassword, repeat }, context) => checkRepeat(newPassword, repeat, context));
}

type ChangePasswordProps = { api: AuthApi; user: PublicUser; onUserChanged: (user: PublicUser) => void };

export function ChangePasswordForm({ api, user, onUserChanged }: ChangePasswordProps) {
  const { i18n } = useLingui();
  const id = useId();
  const { hasPassword } = user;
  const [done, setDone] = useState<string | null>(null);
  const resolver = useMemo(() => zodResolver(changePasswordFormSchema(hasPassword)), [hasPassword]);
  const { register, reset, errors, isSubmitting, failure, alertId, formProps } = useAccountForm<
    ChangePasswordForm,
    AuthUserResponse
  >({
    resolver,
    defaultValues: { currentPassword: '', newPassword: '', repeat: '' },
    fields: ['currentPassword', 'newPassword'],
    send: ({ currentPassword, newPassword }) => {
      setDone(null);
      return api.changePassword(hasPassword ? { currentPassword, newPassword } : { newPassword });
    },
    onSuccess: (answer) => {
      reset();
      setDone(i18n._(PASSWORD_CHANGED));
      onUserChanged(answer.user);
    },
    focusOnFailure: hasPassword ? 'currentPassword' : 'newPassword',
  });

  return (
    <form {...formProps}>
      {hasPassword && (
        <PasswordInput
          {...register('currentPassword')}
          id={`${id}-current`}
          label={i18n._('Current password')}
          autoComplete="current-password"
          error={knownError(i18n, errors.currentPassword?.message)}
        />
      )}
      <NewPasswordFields
        password={{ ...register('newPassword'), id: `${id}-new`, error: knownError(i18n, errors.newPassword?.message) }}
        repeat={{ ...register('repeat'), id: `${id}-repeat`, error: knownError(i18n, errors.repeat?.message) }}
      />
      <button type="submit" className="button" disabled={isSubmitting}>
        {isSubmitting ? i18n._('Saving...') : hasPassword ? i18n._('Change password') : i18n._('Set password')}
      </button>
      {showsAlert(failure) && (
        <FailureAlert
          id={alertId}
          title={i18n._('The password was not changed')}
          detail={failure.detail}
          takeFocus={failure.fields.length === 0}
        />
      )}
      <DoneStatus text={done} />
    </form>
  );
}
