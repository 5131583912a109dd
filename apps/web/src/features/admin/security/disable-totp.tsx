/** Turning one's own two-factor off, confirmed with the password (POST /api/staff/totp/disable). */
import { type StaffSession, staffPasswordConfirmSchema } from '@store/shared/staff';
import { type FormEvent, useId, useState } from 'react';
import { PasswordInput } from '#src/components/password-input';
import { checkRequest, type FieldErrors, fieldError } from '../check-request';
import { FormAlert } from '../form-alert';
import { postTotpDisable } from '../sign-in/sign-in-api';
import { useStaffFailure } from '../use-staff-failure';

export function DisableTotp({ onDisabled }: { onDisabled: (session: StaffSession) => void }) {
  const id = useId();
  const describe = useStaffFailure();
  const [fields, setFields] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setFailure(null);
    const password = String(new FormData(event.currentTarget).get('password') ?? '');
    const checked = checkRequest(staffPasswordConfirmSchema, { password });
    if (!checked.ok) {
      setFields(checked.fields);
      return;
    }
    setFields({});
    setPending(true);
    try {
      onDisabled(await postTotpDisable(checked.data));
    } catch (error) {
      const failed = describe(error);
      setFields(failed.fields);
      setFailure(failed.message);
    }
    setPending(false);
  }

  return (
    <section className="admin-section admin-panel" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Turn off two-factor sign-in</h3>
      <form className="form" noValidate onSubmit={submit}>
        <PasswordInput
          id={`${id}-password`}
          name="password"
          autoComplete="current-password"
          error={fieldError(fields, 'password', 'Password')}
        />
        <button type="submit" className="button button--secondary" disabled={pending}>
          Turn off
        </button>
        <FormAlert message={failure} />
      </form>
    </section>
  );
}
