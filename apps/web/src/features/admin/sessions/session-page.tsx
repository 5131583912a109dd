/**
 * /admin/sessions/:id: the session's figures, its edit form (owners and editors), its registrants
 * with their tickets, its waiting list, its doors on the day and its certificates.
 */
import { formatSessionStart } from '@store/shared/session-time';
import { staffCan } from '@store/shared/staff';
import type { StaffEventSessionDetail } from '@store/shared/staff-event-sessions';
import { useCallback, useEffect, useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useFoundationTimeZone } from '#src/lib/use-foundation-time-zone';
import { useAdmin } from '../admin-context';
import { useStaffFailure } from '../use-staff-failure';
import { WaitingListPanel } from '../waiting-list/waiting-list-panel';
import { ArchiveButton } from './archive-button';
import { availabilityText } from './availability-text';
import { CertificatesPanel } from './certificates-panel';
import { DoorCountsPanel } from './door-counts-panel';
import { SessionFigures } from './session-figures';
import { SessionForm } from './session-form';
import { SessionRegistrantsTable } from './session-registrants-table';
import { getSession } from './sessions-api';

type State =
  | { status: 'loading' }
  | { status: 'error'; message: string; otherCenter: boolean }
  | { status: 'ready'; detail: StaffEventSessionDetail };

export function SessionPage() {
  const id = useParams().id ?? '';
  const headingId = useId();
  const editId = useId();
  const { role, centerName } = useAdmin().session.staff;
  const zone = useFoundationTimeZone() ?? 'America/Chicago';
  const failure = useStaffFailure();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is what 'Try again' changes to load again.
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    getSession(id, controller.signal).then(
      (detail) => {
        if (!controller.signal.aborted) setState({ status: 'ready', detail });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const failed = failure(error);
        setState({ status: 'error', message: failed.message, otherCenter: failed.otherCenter === true });
      },
    );
    return () => controller.abort();
  }, [id, failure, attempt]);

  const saved = useCallback((detail: StaffEventSessionDetail) => setState({ status: 'ready', detail }), []);

  const back = (
    <Link to="/admin/sessions" className="admin-back">
      {centerName && !staffCan(role, 'readAllEvent') ? `${centerName}'s sessions` : 'All sessions'}
    </Link>
  );
  if (state.status === 'loading') {
    return (
      <p role="status" className="notice">
        Loading the session…
      </p>
    );
  }
  if (state.status === 'error') {
    return (
      <div role="alert" className="notice notice--error">
        <p>{state.message}</p>
        {state.otherCenter ? (
          <p>You can open the sessions of your own center only; ask an owner or editor.</p>
        ) : (
          <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </button>
        )}{' '}
        {back}
      </div>
    );
  }
  const { detail } = state;
  const { session } = detail;
  const mayManage = staffCan(role, 'manageEvent');
  return (
    <article aria-labelledby={headingId} className="admin-session">
      {back}
      <h2 id={headingId}>{`${session.centerName || `Center ${session.centerId}`} · ${session.hall}`}</h2>
      <p className="admin-session__when">
        {formatSessionStart(session.startsAt, session.timeZone, 'short')}
        <br />
        {session.address}
      </p>
      <p className={session.archived ? 'notice' : 'admin-session__places'}>{availabilityText(session)}</p>
      <SessionFigures figures={session.figures} capacity={session.capacity} />

      {mayManage && (
        <section className="admin-section admin-panel" aria-labelledby={editId}>
          <h3 id={editId}>Edit the session</h3>
          <SessionForm session={session} defaultZone={zone} onSaved={saved} />
          <ArchiveButton id={session.id} archived={session.archived} onSaved={saved} />
        </section>
      )}

      <SessionRegistrantsTable detail={detail} />

      <WaitingListPanel sessionId={detail.session.id} />
      {staffCan(role, 'checkIn') && <DoorCountsPanel sessionId={session.id} timeZone={session.timeZone} />}
      {staffCan(role, 'certifyRecitation') && <CertificatesPanel sessionId={session.id} />}
    </article>
  );
}
