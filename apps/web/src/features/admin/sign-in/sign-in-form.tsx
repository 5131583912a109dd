/** The first sign-in step: username and password (POST /api/staff/login). */
import { type StaffSession, staffLoginRequestSchema } from '@store/shared/staff';
import { type FormEvent, useId } from 'react';
import { LabelledInput } from '#src/components/labelled-input';
import { PasswordInput } from '#src/components/password-input';
import { fieldError } from '../check-request';
import { FormAlert } from '../form-alert';
import { describeStaffFailure, type StaffFailure } from '../staff-failure';
import { useCheckedSubmit } from '../use-checked-submit';
import { postStaffLogin } from './sign-in-api';

type SignInFormProps = {
  /** Why the member is here again (staffMessages.signedOut after a 401). */
  message: string | null;
  onSignedIn: (session: StaffSession) => void;
};

/** A 401 here is a wrong username or password (the server's invalidLogin), not an ended session. */
function describeLoginFailure(error: unknown): StaffFailure {
  const failed = describeStaffFailure(error);
  return failed.status === 401 && error instanceof Error ? { ...failed, message: error.message } : failed;
}

export function SignInForm({ message, onSignedIn }: SignInFormProps) {
  const id = useId();
  const { fields, failure, pending, submit: send } = useCheckedSubmit(describeLoginFailure);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const request = { username: String(data.get('username') ?? ''), password: String(data.get('password') ?? '') };
    void send(staffLoginRequestSchema, request, async (checked) => onSignedIn(await postStaffLogin(checked)));
  }

  const shown = pending ? null : (failure ?? message);
  return (
    <section className="admin-sign-in" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>Back office sign-in</h1>
      <form className="form" noValidate onSubmit={submit} aria-busy={pending}>
        <LabelledInput
          id={`${id}-username`}
          name="username"
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          error={fieldError(fields, 'username', 'Username')}
        />
        <PasswordInput
          id={`${id}-password`}
          name="password"
          autoComplete="current-password"
          error={fieldError(fields, 'password', 'Password')}
        />
        <button type="submit" className="button button--large" disabled={pending}>
          {pending ? 'Signing in…' : 'Sign in'}
        </button>
        <FormAlert message={shown} />
      </form>
    </section>
  );
}
