/** The first sign-in step: username and password (POST /api/staff/login). */
import { type StaffSession, staffLoginRequestSchema } from '@store/shared/staff';
import { type FormEvent, useId, useState } from 'react';
import { LabelledInput } from '#src/components/labelled-input';
import { PasswordInput } from '#src/components/password-input';
import { checkRequest, type FieldErrors, fieldError } from '../check-request';
import { FormAlert } from '../form-alert';
import { describeStaffFailure } from '../staff-failure';
import { postStaffLogin } from './sign-in-api';

type SignInFormProps = {
  /** Why the member is here again (staffMessages.signedOut after a 401). */
  message: string | null;
  onSignedIn: (session: StaffSession) => void;
};

export function SignInForm({ message, onSignedIn }: SignInFormProps) {
  const id = useId();
  const [fields, setFields] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const checked = checkRequest(staffLoginRequestSchema, {
      username: String(data.get('username') ?? ''),
      password: String(data.get('password') ?? ''),
    });
    setFailure(null);
    if (!checked.ok) {
      setFields(checked.fields);
      return;
    }
    setFields({});
    setPending(true);
    try {
      onSignedIn(await postStaffLogin(checked.data));
    } catch (error) {
      // A 401 here is a wrong username or password (the server's invalidLogin), not an ended session.
      const failed = describeStaffFailure(error);
      setFields(failed.fields);
      setFailure(failed.status === 401 && error instanceof Error ? error.message : failed.message);
      setPending(false);
    }
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
