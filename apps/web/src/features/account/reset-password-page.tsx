/**
 * `/reset-password?token=…` (issue 18): where the e-mailed reset link lands (ACCOUNT_LINK_PATHS).
 * The token stays in the URL until the form is sent; the page loads no outside resource, so no
 * Referer carries it anywhere.
 */
import './account.css';
import { useSearchParams } from 'react-router';
import { useLingui } from '#src/lib/i18n/use-lingui';
import { useDocumentTitle } from '#src/lib/use-document-title';
import { AuthApiStatus } from './auth-api-status';
import { InvalidLink } from './invalid-link';
import { tokenFrom } from './link-token';
import { AskForNewLink, ResetPasswordForm } from './reset-password-form';
import { useAuthApi } from './use-auth-api';

export function ResetPasswordPage() {
  const { i18n } = useLingui();
  useDocumentTitle(i18n._('Choose a New Password'));
  const [params] = useSearchParams();
  const token = tokenFrom(params);
  const { state, retry } = useAuthApi();
  return (
    <>
      <h1>{i18n._('Choose a New Password')}</h1>
      {token === '' ? (
        <InvalidLink>
          <AskForNewLink />
        </InvalidLink>
      ) : state.status === 'ready' ? (
        <ResetPasswordForm api={state.data} token={token} />
      ) : (
        <AuthApiStatus state={state} onRetry={retry} />
      )}
    </>
  );
}
