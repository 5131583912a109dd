/** Turning one's own two-factor off, confirmed with the password (POST /api/staff/totp/disable). */
import { type StaffSession, staffPasswordConfirmSchema } from '@store/shared/staff';
import { type FormEvent, useId } from 'react';
import { PasswordInput } from '#src/components/password-input';
import { fieldError } from '../check-request';
import { FormAlert } from '../form-alert';
import { postTotpDisable } from '../sign-in/sign-in-api';
import { useCheckedSubmit } from '../use-checked-submit';
import { useStaffFailure } from '../use-staff-failure';

export function DisableTotp({ onDisabled }: { onDisabled: (session: StaffSession) => void }) {
  const id = useId();
  const { fields, failure, pending, submit: send } = useCheckedSubmit(useStaffFailure());

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get('password') ?? '');
    void send(staffPasswordConfirmSchema, { password }, async (request) => onDisabled(await postTotpDisable(request)));
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
