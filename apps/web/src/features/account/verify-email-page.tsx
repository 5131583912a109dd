/**
 * `/verify-email?token=…` (issue 18): where the confirmation link of a sign-up or an e-mail change
 * lands (ACCOUNT_LINK_PATHS). The token is POSTed once on load (verify-email-once.ts); the page says
 * the address is confirmed, or that the link has expired with a way to a new one.
 */
import './account.css';
import { useSearchParams } from 'react-router';
import { useLingui } from '#src/lib/i18n/use-lingui';
import { useDocumentTitle } from '#src/lib/use-document-title';
import { AuthApiStatus } from './auth-api-status';
import { tokenFrom } from './link-token';
import { useAuthApi } from './use-auth-api';
import { VerifyEmail } from './verify-email';
import { VerifyEmailRefused } from './verify-email-refused';

export function VerifyEmailPage() {
  const { i18n } = useLingui();
  useDocumentTitle(i18n._('Confirm Your E-mail'));
  const [params] = useSearchParams();
  const token = tokenFrom(params);
  const { state, retry } = useAuthApi();
  return (
    <>
      <h1>{i18n._('Confirm Your E-mail')}</h1>
      {state.status !== 'ready' ? (
        <AuthApiStatus state={state} onRetry={retry} />
      ) : token === '' ? (
        <VerifyEmailRefused api={state.data} />
      ) : (
        <VerifyEmail api={state.data} token={token} />
      )}
    </>
  );
}
