/** `/register` (SPEC.md §2): name, e-mail and password, and a link to log in. */
import './account.css';
import { useDocumentTitle } from '#src/lib/use-document-title';
import { AuthApiStatus } from './auth-api-status';
import { RegisterForm } from './register-form';
import { useAuthApi } from './use-auth-api';

export function RegisterPage() {
  useDocumentTitle('Register');
  const { state, retry } = useAuthApi();
  return (
    <>
      <h1>Register</h1>
      {state.status === 'ready' ? <RegisterForm api={state.data} /> : <AuthApiStatus state={state} onRetry={retry} />}
    </>
  );
}
