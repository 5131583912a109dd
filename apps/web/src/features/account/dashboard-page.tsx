/**
 * `/dashboard` (SPEC.md §2): 'Load Profile' and 'Logout', and (beyond SPEC.md) the donor's own
 * donations and event registrations. Without a session the visitor is sent to /login.
 */
import './account.css';
import { useDocumentTitle } from '#src/lib/use-document-title';
import { AuthApiStatus } from './auth-api-status';
import { Dashboard } from './dashboard';
import { useAuthApi } from './use-auth-api';

export function DashboardPage() {
  useDocumentTitle('Dashboard');
  const { state, retry } = useAuthApi();
  return (
    <>
      <h1>Dashboard</h1>
      {state.status === 'ready' ? <Dashboard api={state.data} /> : <AuthApiStatus state={state} onRetry={retry} />}
    </>
  );
}
