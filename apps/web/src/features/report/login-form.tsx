/** SPEC.md §2 /report, §5 "Report login": Username and Password, both required, and a Login button. */
import { reportMessages } from '@store/shared/report';
import { type FormEvent, useId, useState } from 'react';
import { LabelledInput } from '#src/components/labelled-input';
import { PasswordInput } from '#src/components/password-input';
import type { ReportCredentials } from './report-credentials';

type LoginFormProps = {
  onLogin: (credentials: ReportCredentials) => void;
  pending: boolean;
  /** Why the last attempt (or the session) failed. */
  message: string | null;
};

export const LOGIN_TITLE = 'Payment Report Login';

export function LoginForm({ onLogin, pending, message }: LoginFormProps) {
  const id = useId();
  const [missing, setMissing] = useState(false);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const username = String(data.get('username') ?? '').trim();
    const password = String(data.get('password') ?? '');
    if (username === '' || password === '') {
      setMissing(true);
      return;
    }
    setMissing(false);
    onLogin({ username, password });
  }

  const shown = missing ? reportMessages.credentialsRequired : pending ? null : message;
  const messageId = `${id}-message`;
  return (
    <>
      <h1>{LOGIN_TITLE}</h1>
      <form className="form" noValidate onSubmit={submit} aria-describedby={shown ? messageId : undefined}>
        <LabelledInput
          id={`${id}-username`}
          name="username"
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
        />
        <PasswordInput id={`${id}-password`} name="password" autoComplete="current-password" required />
        <button type="submit" className="button button--large" disabled={pending}>
          Login
        </button>
        {pending && (
          <p role="status" className="banner">
            Checking your credentials…
          </p>
        )}
        {shown && (
          <p id={messageId} role="alert" className="report-alert">
            {shown}
          </p>
        )}
      </form>
    </>
  );
}
