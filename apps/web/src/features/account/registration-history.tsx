/** The event registrations made from this account or its verified e-mail (beyond SPEC.md). */
import type { AccountActivity } from '@store/shared/auth';
import { useId } from 'react';
import { type DataColumn, DataTable, DateCell } from '#src/components/data-table';

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
];

export function RegistrationHistory({ registrations }: { registrations: AccountActivity['registrations'] }) {
  const id = useId();
  return (
    <section className="account-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{YOUR_REGISTRATIONS}</h2>
      {registrations.length === 0 ? (
        <p className="notice">{NO_REGISTRATIONS}</p>
      ) : (
        <DataTable
          columns={COLUMNS}
          rows={registrations}
          rowKey={(registration) => registration.registrationNumber}
          scrollLabel={`${YOUR_REGISTRATIONS} table`}
          name={{ labelledBy: `${id}-title` }}
        />
      )}
    </section>
  );
}
