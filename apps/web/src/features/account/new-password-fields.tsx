/**
 * A new password and its repeat, as the change and reset forms ask for them: the rule's length in
 * the label, both fields telling the password manager that this is a new password.
 */
import { PASSWORD_MIN_LENGTH } from '@store/shared/auth';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { PasswordInput } from '#src/components/password-input';
import { useLingui } from '#src/lib/i18n/use-lingui';

/** A field's registration with the form, its element id and its error (in the page's language), if any. */
type NewPasswordField = UseFormRegisterReturn & { id: string; error: string | undefined };

export function NewPasswordFields({ password, repeat }: { password: NewPasswordField; repeat: NewPasswordField }) {
  const { i18n } = useLingui();
  return (
    <>
      <PasswordInput
        {...password}
        label={i18n._('New password (at least {count} characters)', { count: PASSWORD_MIN_LENGTH })}
        autoComplete="new-password"
      />
      <PasswordInput {...repeat} label={i18n._('Repeat the new password')} autoComplete="new-password" />
    </>
  );
}
