/**
 * POST {auth}/email/change (issue 18): a link goes to the new address, and nothing changes until it
 * is followed (/verify-email). Confirmed with the current password when the account has one.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { changeEmailRequestSchema, type PublicUser } from '@store/shared/auth';
import { useId, useMemo, useState } from 'react';
import { z } from 'zod';
import { LabelledInput } from '#src/components/labelled-input';
import { PasswordInput } from '#src/components/password-input';
import type { AuthApi } from '#src/lib/auth-api';
import { knownError } from '#src/lib/i18n/known-text';
import { useLingui } from '#src/lib/i18n/use-lingui';
import { verificationSentTo } from './account-texts';
import { DoneStatus } from './done-status';
import { FailureAlert, showsAlert } from './failure-alert';
import { currentPasswordRule } from './new-password-schema';
import { useAccountForm } from './use-account-form';

type ChangeEmailForm = { newEmail: string; currentPassword: string };

function changeEmailFormSchema(hasPassword: boolean) {
  return z.object({
    newEmail: changeEmailRequestSchema.shape.newEmail,
    currentPassword: hasPassword ? currentPasswordRule : z.string(),
  });
}

export function ChangeEmailForm({ api, user }: { api: AuthApi; user: PublicUser }) {
  const { i18n } = useLingui();
  const id = useId();
  const { hasPassword } = user;
  const [done, setDone] = useState<string | null>(null);
  const resolver = useMemo(() => zodResolver(changeEmailFormSchema(hasPassword)), [hasPassword]);
  const { register, reset, errors, isSubmitting, failure, alertId, formProps } = useAccountForm<ChangeEmailForm>({
    resolver,
    defaultValues: { newEmail: '', currentPassword: '' },
    fields: ['newEmail', 'currentPassword'],
    send: ({ newEmail, currentPassword }) => {
      setDone(null);
      return api.changeEmail(hasPassword ? { newEmail, currentPassword } : { newEmail });
    },
    onSuccess: (_answer, { newEmail }) => {
      reset();
      setDone(
        `${verificationSentTo(newEmail)} ${i18n._('Until then you sign in with {email}.', { email: user.email })}`,
      );
    },
    focusOnFailure: 'newEmail',
  });

  return (
    <form {...formProps}>
      <LabelledInput
        {...register('newEmail')}
        id={`${id}-email`}
        label={i18n._('New e-mail')}
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        error={knownError(i18n, errors.newEmail?.message)}
      />
      {hasPassword && (
        <PasswordInput
          {...register('currentPassword')}
          id={`${id}-password`}
          label={i18n._('Current password')}
          autoComplete="current-password"
          error={knownError(i18n, errors.currentPassword?.message)}
        />
      )}
      <button type="submit" className="button" disabled={isSubmitting}>
        {isSubmitting ? i18n._('Sending...') : i18n._('Change e-mail')}
      </button>
      {showsAlert(failure) && (
        <FailureAlert
          id={alertId}
          title={i18n._('The e-mail was not changed')}
          detail={failure.detail}
          takeFocus={failure.fields.length === 0}
        />
      )}
      <DoneStatus text={done} />
    </form>
  );
}
