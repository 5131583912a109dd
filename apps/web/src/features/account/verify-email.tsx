import { Link } from 'react-router';
import type { AuthApi } from '#src/lib/auth-api';
import { useVerifyEmail } from './use-verify-email';
import { VerifyEmailRefused } from './verify-email-refused';

export const EMAIL_CONFIRMED = 'Your e-mail is confirmed';

/** The answer to the link's token: confirmed (with the address, new after an e-mail change), refused, or unreachable. */
export function VerifyEmail({ api, token }: { api: AuthApi; token: string }) {
  const { state, retry } = useVerifyEmail(api, token);
  switch (state.status) {
    case 'verifying':
      return (
        <p role="status" className="notice">
          Confirming your e-mail…
        </p>
      );
    case 'verified':
      return (
        <div role="status" className="notice account-done">
          <p>
            <strong>{EMAIL_CONFIRMED}.</strong> {state.user.email} is the address of your account.
          </p>
          <p>
            <Link to="/dashboard">Go to your dashboard</Link>
          </p>
        </div>
      );
    case 'invalid':
      return <VerifyEmailRefused api={api} />;
    case 'error':
      return (
        <div role="alert" className="notice notice--error">
          <p>{state.message}</p>
          {state.retry ? (
            <button type="button" className="button" onClick={retry}>
              Try again
            </button>
          ) : (
            <p>
              <Link to="/dashboard">Go to your dashboard</Link>
            </p>
          )}
        </div>
      );
  }
}
