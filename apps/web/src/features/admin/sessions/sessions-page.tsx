/**
 * /admin/sessions: every session the member may read (a volunteer: their center's), in start order,
 * each with its figures; owners and editors add one with "New session".
 */
import { formatSessionStart } from '@store/shared/session-time';
import { staffCan } from '@store/shared/staff';
import { type StaffEventSession, staffEventSessionTexts as texts } from '@store/shared/staff-event-sessions';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { DataTable } from '#src/components/data-table';
import { useCenters } from '#src/lib/use-centers';
import { useFoundationTimeZone } from '#src/lib/use-foundation-time-zone';
import { useLoad } from '#src/lib/use-load';
import { useAdmin } from '../admin-context';
import { CenterScopeNote } from '../center-scope-note';
import { LoadNotice } from '../load-notice';
import { availabilityText } from './availability-text';
import { SessionForm } from './session-form';
import { getSessions } from './sessions-api';

const NUMBER = 'report-table__number';

function NewSession({ onAdded }: { onAdded: (id: number) => void }) {
  const id = useId();
  const centers = useCenters();
  const zone = useFoundationTimeZone() ?? 'America/Chicago';
  return (
    <section className="admin-section admin-panel" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{texts.newSession}</h3>
      <SessionForm centers={centers} defaultZone={zone} onSaved={(detail) => onAdded(detail.session.id)} />
    </section>
  );
}

export function SessionsPage() {
  const id = useId();
  const navigate = useNavigate();
  const { role } = useAdmin().session.staff;
  const mayManage = staffCan(role, 'manageEvent');
  const [adding, setAdding] = useState(false);
  const { state, retry } = useLoad(getSessions);

  return (
    <section aria-labelledby={`${id}-title`}>
      <div className="admin-panel__header">
        <h2 id={`${id}-title`}>{texts.title}</h2>
        {mayManage && (
          <button type="button" className="button" aria-expanded={adding} onClick={() => setAdding((open) => !open)}>
            {adding ? 'Close' : texts.newSession}
          </button>
        )}
      </div>
      <CenterScopeNote readsAll="readAllEvent" />
      {adding && <NewSession onAdded={(sessionId) => navigate(`/admin/sessions/${sessionId}`)} />}
      <LoadNotice state={state} what="the sessions" onRetry={retry} />
      {state.status === 'ready' && state.data.sessions.length === 0 && (
        <p className="notice">
          {mayManage ? 'No sessions yet. Add the first with “New session”.' : 'No sessions yet.'}
        </p>
      )}
      {state.status === 'ready' && state.data.sessions.length > 0 && (
        <DataTable<StaffEventSession>
          rows={state.data.sessions}
          rowKey={(row) => String(row.id)}
          scrollLabel="Sessions table"
          name={{ labelledBy: `${id}-title` }}
          wide
          columns={[
            {
              header: 'Session',
              rowHeader: true,
              cell: (row) => (
                <Link
                  to={`/admin/sessions/${row.id}`}
                >{`${row.centerName || `Center ${row.centerId}`} · ${row.hall}`}</Link>
              ),
            },
            { header: 'Starts', cell: (row) => formatSessionStart(row.startsAt, row.timeZone, 'short') },
            { header: 'Places', cell: (row) => availabilityText(row) },
            { header: 'Capacity', cell: (row) => row.capacity, className: NUMBER },
            { header: 'Registered', cell: (row) => row.figures.registered, className: NUMBER },
            { header: 'Left', cell: (row) => row.figures.placesLeft, className: NUMBER },
            {
              header: 'Waiting',
              cell: (row) => `${row.figures.waitingFamilies} (${row.figures.waitingPeople} people)`,
              className: NUMBER,
            },
            {
              header: 'Offered',
              cell: (row) => `${row.figures.offeredFamilies} (${row.figures.offeredPeople} people)`,
              className: NUMBER,
            },
            { header: 'Minors', cell: (row) => row.figures.minors, className: NUMBER },
            { header: 'Adults', cell: (row) => row.figures.adults, className: NUMBER },
            { header: 'Memorization', cell: (row) => row.figures.memorization, className: NUMBER },
            { header: 'Fluent Reading', cell: (row) => row.figures.fluentReading, className: NUMBER },
          ]}
        />
      )}
    </section>
  );
}
