import { Link } from 'react-router';
import type { AuthApi } from '#src/lib/auth-api';
import { useMayHaveSession } from '#src/lib/session-hint';
import { InvalidLink } from './invalid-link';
import { ResendVerification } from './resend-verification';

/**
 * An expired or used confirmation link: a signed-in donor can have a new one sent from here; anyone
 * else logs in first (the dashboard offers it too).
 */
export function VerifyEmailRefused({ api }: { api: AuthApi }) {
  const signedIn = useMayHaveSession();
  return (
    <InvalidLink>
      {signedIn ? (
        <ResendVerification api={api} email={null} label="Send a new link" />
      ) : (
        <p>
          <Link to="/login">Log in</Link> to have a new link sent.
        </p>
      )}
    </InvalidLink>
  );
}
