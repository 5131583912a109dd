/** /admin/sessions/:id/waiting-list: a session's waiting list on a page of its own. */
import { useParams } from 'react-router';
import { WaitingListPanel } from './waiting-list-panel';

export function WaitingListPage() {
  const sessionId = Number(useParams().id);
  if (!Number.isSafeInteger(sessionId) || sessionId <= 0)
    return (
      <p role="alert" className="notice notice--error">
        There is no such session.
      </p>
    );
  return (
    <section>
      <h2>Session {sessionId}</h2>
      <WaitingListPanel sessionId={sessionId} />
    </section>
  );
}
