/** `/register` (SPEC.md §2): name, e-mail and password, and a link to log in. */
import './account.css';
import { useLingui } from '#src/lib/i18n/use-lingui';
import { useDocumentTitle } from '#src/lib/use-document-title';
import { AuthApiStatus } from './auth-api-status';
import { RegisterForm } from './register-form';
import { useAuthApi } from './use-auth-api';

export function RegisterPage() {
  const { i18n } = useLingui();
  useDocumentTitle(i18n._('Register'));
  const { state, retry } = useAuthApi();
  return (
    <>
      <h1>{i18n._('Register')}</h1>
      {state.status === 'ready' ? <RegisterForm api={state.data} /> : <AuthApiStatus state={state} onRetry={retry} />}
    </>
  );
}
