/**
 * `/auth-success` (SPEC.md §2, §6): where the auth server sends the browser back after Google
 * sign-in, with `?token=…`. The token goes to sessionStorage (`jwt_token`) and the visitor on to
 * `/`, replacing this entry so Back never returns to a URL that carries a token. The session
 * cookie was set by the auth server on the way here.
 */
import './account.css';
import { authMessages } from '@store/shared/auth';
import { useEffect, useId } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useLingui } from '#src/lib/i18n/use-lingui';
import { rememberSession } from '#src/lib/session-hint';
import { useDocumentTitle } from '#src/lib/use-document-title';
import { FailureAlert } from './failure-alert';
import { storeJwtToken } from './jwt-token-storage';

export function AuthSuccessPage() {
  const { i18n } = useLingui();
  useDocumentTitle(i18n._('Signing In'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const id = useId();

  useEffect(() => {
    if (token === '') return;
    storeJwtToken(token);
    // The auth server opened the session on the way here.
    rememberSession();
    navigate('/', { replace: true });
  }, [token, navigate]);

  return (
    <>
      <h1>{i18n._('Signing In')}</h1>
      {token === '' ? (
        // Reached without a token: nothing to sign in with.
        <>
          <FailureAlert id={`${id}-failure`} title={i18n._(authMessages.loginFailed)} detail={null} />
          <p>
            <Link to="/login">{i18n._('Back to Login')}</Link>
          </p>
        </>
      ) : (
        <p role="status" className="notice">
          {i18n._(authMessages.loggingIn)}
        </p>
      )}
    </>
  );
}
