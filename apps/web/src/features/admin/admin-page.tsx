/**
 * `/admin/*` (issue 21): the back office. GET /api/staff/me decides what shows: the sign-in form, the
 * code step, the two-factor enrolment, or the shell with the member's pages. The URL is kept
 * through the sign-in, so a deep link (/admin/orders/123) opens once signed in.
 */
import { staffMessages } from '@store/shared/staff';
import { useMemo } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { useDocumentTitle } from '#src/lib/use-document-title';
import { AdminContext, type AdminContextValue } from './admin-context';
import { AdminShell } from './shell/admin-shell';
import { CodeStep } from './sign-in/code-step';
import { EnrolStep } from './sign-in/enrol-step';
import { SignInForm } from './sign-in/sign-in-form';
import { useStaffSession } from './sign-in/use-staff-session';
import './admin.css';

/**
 * Where a page that sent the member to sign in wants them back (`/admin?next=/check-in`): a path of
 * this site only, so a crafted link cannot send a signed-in member elsewhere.
 */
export function returnPath(next: string | null): string | null {
  if (!next?.startsWith('/') || next.startsWith('//') || next.includes('\\')) return null;
  return next;
}

export function AdminPage() {
  useDocumentTitle('Back office');
  const [params] = useSearchParams();
  const next = returnPath(params.get('next'));
  const { state, retry, signedIn, expire, signOut } = useStaffSession();
  const context = useMemo<AdminContextValue | null>(
    () =>
      state.status === 'signed-in'
        ? { session: state.session, expire: () => expire(staffMessages.signedOut), replaceSession: signedIn }
        : null,
    [state, expire, signedIn],
  );

  switch (state.status) {
    case 'loading':
      return (
        <p role="status" className="notice">
          Checking your sign-in…
        </p>
      );
    case 'error':
      return (
        <div role="alert" className="notice notice--error">
          <p>{`Could not open the back office. ${state.message}`}</p>
          <button type="button" className="button" onClick={retry}>
            Try again
          </button>
        </div>
      );
    case 'signed-out':
      return <SignInForm message={state.message} onSignedIn={signedIn} />;
    case 'signed-in':
      if (state.session.stage === 'totp') return <CodeStep onSignedIn={signedIn} onCancel={signOut} />;
      if (state.session.stage === 'enrol') return <EnrolStep onDone={signedIn} onCancel={signOut} />;
      if (next) return <Navigate to={next} replace />;
      return (
        <AdminContext value={context}>
          <AdminShell onSignOut={signOut} />
        </AdminContext>
      );
  }
}
