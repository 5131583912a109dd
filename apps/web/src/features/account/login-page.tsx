/** `/login` (SPEC.md §2): e-mail and password, 'Login with Google', and a link to /register. */
import './account.css';
import { useDocumentTitle } from '#src/lib/use-document-title';
import { AuthApiStatus } from './auth-api-status';
import { LoginForm } from './login-form';
import { useAuthApi } from './use-auth-api';

export function LoginPage() {
  useDocumentTitle('Login');
  const { state, retry } = useAuthApi();
  return (
    <>
      <h1>Login</h1>
      {state.status === 'ready' ? <LoginForm api={state.data} /> : <AuthApiStatus state={state} onRetry={retry} />}
    </>
  );
}
