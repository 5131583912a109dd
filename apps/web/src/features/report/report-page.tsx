/** `/report` (SPEC.md §2, §4 "Report"): the login form, then the 'Books Payment Report'. */
import { reportMessages } from '@store/shared/report';
import { useDocumentTitle } from '#src/lib/use-document-title';
import { LOGIN_TITLE, LoginForm } from './login-form';
import { ReportView } from './report-view';
import { useReportSession } from './use-report-session';
import './report.css';

export function ReportPage() {
  const { session, login, logout } = useReportSession();
  useDocumentTitle(session.status === 'logged-in' ? reportMessages.title : LOGIN_TITLE);
  switch (session.status) {
    case 'restoring':
      return (
        <>
          <h1>{reportMessages.title}</h1>
          <p role="status" className="banner">
            Loading report…
          </p>
        </>
      );
    case 'logged-out':
      return <LoginForm onLogin={login} pending={session.pending} message={session.message} />;
    case 'logged-in':
      return <ReportView credentials={session.credentials} firstPage={session.firstPage} onLogout={logout} />;
  }
}
