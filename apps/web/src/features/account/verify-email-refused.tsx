import { Link } from 'react-router';
import type { AuthApi } from '#src/lib/auth-api';
import { Trans } from '#src/lib/i18n/trans';
import { useLingui } from '#src/lib/i18n/use-lingui';
import { useMayHaveSession } from '#src/lib/session-hint';
import { InvalidLink } from './invalid-link';
import { ResendVerification } from './resend-verification';

/**
 * An expired or used confirmation link: a signed-in donor can have a new one sent from here; anyone
 * else logs in first (the dashboard offers it too).
 */
export function VerifyEmailRefused({ api }: { api: AuthApi }) {
  const { i18n } = useLingui();
  const signedIn = useMayHaveSession();
  return (
    <InvalidLink>
      {signedIn ? (
        <ResendVerification api={api} email={null} label={i18n._('Send a new link')} />
      ) : (
        <p>
          <Trans id={/*i18n*/ '<0>Log in</0> to have a new link sent.'} components={{ 0: <Link to="/login" /> }} />
        </p>
      )}
    </InvalidLink>
  );
}
