/** The event registrations made from this account or its verified e-mail (beyond SPEC.md). */
import type { AccountActivity } from '@store/shared/auth';
import { type DataColumn, DateCell } from '#src/components/data-table';
import { TableSection } from '#src/components/table-section';

export const YOUR_REGISTRATIONS = 'Your Event Registrations';
export const NO_REGISTRATIONS = 'No event registrations yet.';

type Registration = AccountActivity['registrations'][number];

/** What each state means to the family, in a word or two. */
const STATUS_TEXT: Record<Registration['status'], string> = {
  registered: 'Registered',
  waiting: 'On the waiting list',
  offered: 'Places offered',
  cancelled: 'Cancelled',
  lapsed: 'Offer lapsed',
};

function SessionCell({ session }: { session: Registration['session'] }) {
  if (!session) return <>—</>;
  // The session's own time zone: a Dallas session at 9 AM reads 9 AM wherever the donor is.
  return (
    <>
      {session.centerName}, {session.hall}, <DateCell iso={session.startsAt} timeZone={session.timeZone} />
    </>
  );
}

const COLUMNS: readonly DataColumn<Registration>[] = [
  { header: 'Registration', cell: (registration) => registration.registrationNumber },
  { header: 'Date', cell: (registration) => <DateCell iso={registration.date} /> },
  { header: 'Session', cell: (registration) => <SessionCell session={registration.session} /> },
  { header: 'Status', cell: (registration) => STATUS_TEXT[registration.status] },
  {
    header: 'Registrants',
    cell: (registration) => registration.registrants.map((registrant) => registrant.name).join(', '),
  },
  {
    header: 'Manage',
    cell: (registration) =>
      registration.manageUrl ? (
        <a href={registration.manageUrl} aria-label={`Manage ${registration.registrationNumber}`}>
          Manage
        </a>
      ) : null,
  },
];

export function RegistrationHistory({ registrations }: { registrations: AccountActivity['registrations'] }) {
  return (
    <TableSection
      className="account-section"
      title={YOUR_REGISTRATIONS}
      emptyText={NO_REGISTRATIONS}
      columns={COLUMNS}
      rows={registrations}
      rowKey={(registration) => registration.registrationNumber}
    />
  );
}
