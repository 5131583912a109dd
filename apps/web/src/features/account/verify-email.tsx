import { Link } from 'react-router';
import type { AuthApi } from '#src/lib/auth-api';
import { knownText } from '#src/lib/i18n/known-text';
import { Trans } from '#src/lib/i18n/trans';
import { useLingui } from '#src/lib/i18n/use-lingui';
import { useVerifyEmail } from './use-verify-email';
import { VerifyEmailRefused } from './verify-email-refused';

/** The answer to the link's token: confirmed (with the address, new after an e-mail change), refused, or unreachable. */
export function VerifyEmail({ api, token }: { api: AuthApi; token: string }) {
  const { i18n } = useLingui();
  const { state, retry } = useVerifyEmail(api, token);
  switch (state.status) {
    case 'verifying':
      return (
        <p role="status" className="notice">
          {i18n._('Confirming your e-mail…')}
        </p>
      );
    case 'verified':
      return (
        <div role="status" className="notice account-done">
          <p>
            <Trans
              id={/*i18n*/ '<0>Your e-mail is confirmed.</0> {email} is the address of your account.'}
              values={{ email: state.user.email }}
              components={{ 0: <strong /> }}
            />
          </p>
          <p>
            <Link to="/dashboard">{i18n._('Go to your dashboard')}</Link>
          </p>
        </div>
      );
    case 'invalid':
      return <VerifyEmailRefused api={api} />;
    case 'error':
      return (
        <div role="alert" className="notice notice--error">
          <p>{knownText(i18n, state.message)}</p>
          {state.retry ? (
            <button type="button" className="button" onClick={retry}>
              {i18n._('Try again')}
            </button>
          ) : (
            <p>
              <Link to="/dashboard">{i18n._('Go to your dashboard')}</Link>
            </p>
          )}
        </div>
      );
  }
}
