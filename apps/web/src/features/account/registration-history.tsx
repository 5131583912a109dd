/** The event registrations made from this account or its verified e-mail (beyond SPEC.md). */
import type { AccountActivity } from '@store/shared/auth';
import { type DataColumn, DateCell } from '#src/components/data-table';
import { TableSection } from '#src/components/table-section';

export const YOUR_REGISTRATIONS = 'Your Event Registrations';
export const NO_REGISTRATIONS = 'No event registrations yet.';

type Registration = AccountActivity['registrations'][number];

const COLUMNS: readonly DataColumn<Registration>[] = [
  { header: 'Registration', cell: (registration) => registration.registrationNumber },
  { header: 'Date', cell: (registration) => <DateCell iso={registration.date} /> },
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
