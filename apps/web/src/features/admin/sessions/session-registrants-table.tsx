/** The people holding places in a session, each with their ticket: who will be at the door. */
import {
  REGISTRATION_STATUS_LABELS,
  type SessionRegistrant,
  type StaffEventSessionDetail,
} from '@store/shared/staff-event-sessions';
import { useId } from 'react';
import { DataTable } from '#src/components/data-table';

export function SessionRegistrantsTable({ detail }: { detail: StaffEventSessionDetail }) {
  const id = useId();
  const { registrants, registrantCount } = detail;
  return (
    <section className="admin-section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Registrants</h3>
      {registrantCount > registrants.length && (
        <p className="notice">{`Showing the first ${registrants.length} of ${registrantCount} people. The report’s registrations CSV has every one.`}</p>
      )}
      {registrants.length === 0 ? (
        <p className="notice">Nobody holds a place in this session yet.</p>
      ) : (
        <DataTable<SessionRegistrant>
          rows={registrants}
          rowKey={(row) => `${row.registrationId}-${row.position}`}
          scrollLabel="Registrants table"
          name={{ labelledBy: `${id}-title` }}
          wide
          columns={[
            { header: 'Registration', cell: (row) => row.registrationNumber },
            { header: 'Name', cell: (row) => row.name, rowHeader: true },
            { header: 'Age', cell: (row) => row.age, className: 'report-table__number' },
            { header: 'Category', cell: (row) => row.category ?? '—' },
            { header: 'Status', cell: (row) => REGISTRATION_STATUS_LABELS[row.status] ?? row.status },
            {
              header: 'Ticket',
              cell: (row) => (row.ticketId === null ? '—' : <code className="admin-ticket-id">{row.ticketId}</code>),
            },
          ]}
        />
      )}
    </section>
  );
}
