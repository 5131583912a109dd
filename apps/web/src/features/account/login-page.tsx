/** `/login` (SPEC.md §2): e-mail and password, 'Login with Google', and a link to /register. */
import './account.css';
import { useLingui } from '#src/lib/i18n/use-lingui';
import { useDocumentTitle } from '#src/lib/use-document-title';
import { AuthApiStatus } from './auth-api-status';
import { LoginForm } from './login-form';
import { useAuthApi } from './use-auth-api';

export function LoginPage() {
  const { i18n } = useLingui();
  useDocumentTitle(i18n._('Login'));
  const { state, retry } = useAuthApi();
  return (
    <>
      <h1>{i18n._('Login')}</h1>
      {state.status === 'ready' ? <LoginForm api={state.data} /> : <AuthApiStatus state={state} onRetry={retry} />}
    </>
  );
}
