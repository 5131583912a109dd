/**
 * The rule every new password of an account meets beyond the shared schema's length: not common or
 * breached (lib/password-strength.ts, as at sign-up), refused with a 400 naming the form's field
 * (`password` on the reset page, `newPassword` in the dashboard's settings).
 */
import { authMessages } from '@store/shared/auth';
import { AppError } from '#src/errors/app-error';
import { isTooCommonPassword } from '#src/lib/password-strength';

export function assertStrongPassword(password: string, field: string): void {
  if (!isTooCommonPassword(password)) return;
  throw new AppError('validation_error', authMessages.passwordTooCommon, {
    fields: { [field]: authMessages.passwordTooCommon },
  });
}
