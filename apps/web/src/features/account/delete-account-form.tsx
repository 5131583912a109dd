/**
 * The confirmation step of 'Delete my account' (POST {auth}/account/delete): the password, or for a
 * Google-only account its e-mail typed out (authMessages.deleteConfirmation). Once deleted, the
 * browser forgets the session and goes to the store.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { I18n } from '@lingui/core';
import { authMessages, type PublicUser } from '@store/shared/auth';
import { useEffect, useMemo } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { LabelledInput } from '#src/components/labelled-input';
import { PasswordInput } from '#src/components/password-input';
import type { AuthApi } from '#src/lib/auth-api';
import { knownError } from '#src/lib/i18n/known-text';
import { useLingui } from '#src/lib/i18n/use-lingui';
import { FailureAlert, showsAlert } from './failure-alert';
import { clearJwtToken } from './jwt-token-storage';
import { currentPasswordRule } from './new-password-schema';
import { useAccountForm } from './use-account-form';

export const ACCOUNT_DELETED = /*i18n*/ 'Your account is deleted.';

type DeleteAccountFormValues = { currentPassword: string; confirmEmail: string };

/**
 * The server compares the typed e-mail too; checking here first saves a round trip for a typo. The
 * message names the address, so it is worded here in the page's language (knownText leaves it be).
 */
function deleteAccountFormSchema({ hasPassword, email }: PublicUser, i18n: I18n) {
  const typedEmail = z
    .string()
    .trim()
    .refine((typed) => typed.toLowerCase() === email.toLowerCase(), i18n._('Type {email} to confirm.', { email }));
  return z.object({
    currentPassword: hasPassword ? currentPasswordRule : z.string(),
    confirmEmail: hasPassword ? z.string() : typedEmail,
  });
}

type DeleteAccountFormProps = { id: string; api: AuthApi; user: PublicUser; onCancel: () => void };

export function DeleteAccountForm({ id, api, user, onCancel }: DeleteAccountFormProps) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const field = user.hasPassword ? 'currentPassword' : 'confirmEmail';
  const resolver = useMemo(() => zodResolver(deleteAccountFormSchema(user, i18n)), [user, i18n]);
  const { register, setFocus, errors, isSubmitting, failure, alertId, formProps } =
    useAccountForm<DeleteAccountFormValues>({
      resolver,
      defaultValues: { currentPassword: '', confirmEmail: '' },
      fields: ['currentPassword', 'confirmEmail'],
      send: ({ currentPassword, confirmEmail }) =>
        api.deleteAccount(user.hasPassword ? { currentPassword } : { confirmEmail }),
      onSuccess: () => {
        clearJwtToken();
        toast.success(i18n._(ACCOUNT_DELETED));
        navigate('/', { replace: true });
      },
      focusOnFailure: field,
    });

  // The step opened from a button press: the keyboard goes on into it.
  useEffect(() => setFocus(field), [setFocus, field]);

  return (
    <form {...formProps} id={id} aria-label={i18n._('Confirm deleting your account')}>
      {user.hasPassword ? (
        <PasswordInput
          {...register('currentPassword')}
          id={`${id}-password`}
          label={i18n._('Your password, to confirm')}
          autoComplete="current-password"
          error={knownError(i18n, errors.currentPassword?.message)}
        />
      ) : (
        <LabelledInput
          {...register('confirmEmail')}
          id={`${id}-email`}
          label={`${i18n._(authMessages.deleteConfirmation)} (${user.email})`}
          type="email"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          error={knownError(i18n, errors.confirmEmail?.message)}
        />
      )}
      <div className="account-actions">
        <button type="submit" className="button button--danger" disabled={isSubmitting}>
          {isSubmitting ? i18n._('Deleting...') : i18n._('Delete my account for good')}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {i18n._('Cancel')}
        </button>
      </div>
      {showsAlert(failure) && (
        <FailureAlert
          id={alertId}
          title={i18n._('The account was not deleted')}
          detail={failure.detail}
          takeFocus={failure.fields.length === 0}
        />
      )}
    </form>
  );
}
