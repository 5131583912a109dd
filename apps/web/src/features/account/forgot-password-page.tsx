/**
 * `/forgot-password` (issue 18): the e-mail of the account whose password was forgotten. Reached
 * from /login's 'Forgot password?' and from an expired reset link.
 */
import './account.css';
import { useLingui } from '#src/lib/i18n/use-lingui';
import { useDocumentTitle } from '#src/lib/use-document-title';
import { AuthApiStatus } from './auth-api-status';
import { ForgotPasswordForm } from './forgot-password-form';
import { useAuthApi } from './use-auth-api';

export function ForgotPasswordPage() {
  const { i18n } = useLingui();
  useDocumentTitle(i18n._('Forgot Password'));
  const { state, retry } = useAuthApi();
  return (
    <>
      <h1>{i18n._('Forgot Password')}</h1>
      {state.status === 'ready' ? (
        <ForgotPasswordForm api={state.data} />
      ) : (
        <AuthApiStatus state={state} onRetry={retry} />
      )}
    </>
  );
}
