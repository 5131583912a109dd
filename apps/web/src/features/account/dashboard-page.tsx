/**
 * `/dashboard` (SPEC.md §2): 'Load Profile' and 'Logout', and (beyond SPEC.md) the donor's own
 * donations and event registrations. Without a session the visitor is sent to /login.
 */
import './account.css';
import { useLingui } from '#src/lib/i18n/use-lingui';
import { useDocumentTitle } from '#src/lib/use-document-title';
import { AuthApiStatus } from './auth-api-status';
import { Dashboard } from './dashboard';
import { useAuthApi } from './use-auth-api';

export function DashboardPage() {
  const { i18n } = useLingui();
  useDocumentTitle(i18n._('Dashboard'));
  const { state, retry } = useAuthApi();
  return (
    <>
      <h1>{i18n._('Dashboard')}</h1>
      {state.status === 'ready' ? <Dashboard api={state.data} /> : <AuthApiStatus state={state} onRetry={retry} />}
    </>
  );
}
