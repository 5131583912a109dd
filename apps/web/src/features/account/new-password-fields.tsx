/**
 * A new password and its repeat, as the change and reset forms ask for them: the rule's length in
 * the label, both fields telling the password manager that this is a new password.
 */
import { PASSWORD_MIN_LENGTH } from '@store/shared/auth';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { PasswordInput } from '#src/components/password-input';

/** A field's registration with the form, its element id and its error, if any. */
type NewPasswordField = UseFormRegisterReturn & { id: string; error: string | undefined };

export function NewPasswordFields({ password, repeat }: { password: NewPasswordField; repeat: NewPasswordField }) {
  return (
    <>
      <PasswordInput
        {...password}
        label={`New password (at least ${PASSWORD_MIN_LENGTH} characters)`}
        autoComplete="new-password"
      />
      <PasswordInput {...repeat} label="Repeat the new password" autoComplete="new-password" />
    </>
  );
}
