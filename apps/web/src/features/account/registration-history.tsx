/** The event registrations made from this account or its verified e-mail (beyond SPEC.md). */
import type { AccountActivity } from '@store/shared/auth';
import { useId } from 'react';
import { TableScroll } from '#src/components/table-scroll';
import { formatDate } from '#src/lib/format';

export const YOUR_REGISTRATIONS = 'Your Event Registrations';
export const NO_REGISTRATIONS = 'No event registrations yet.';

export function RegistrationHistory({ registrations }: { registrations: AccountActivity['registrations'] }) {
  const id = useId();
  return (
    <section className="account-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{YOUR_REGISTRATIONS}</h2>
      {registrations.length === 0 ? (
        <p className="notice">{NO_REGISTRATIONS}</p>
      ) : (
        <TableScroll label={`${YOUR_REGISTRATIONS} table`}>
          <table className="report-table" aria-labelledby={`${id}-title`}>
            <thead>
              <tr>
                <th scope="col">Registration</th>
                <th scope="col">Date</th>
                <th scope="col">Registrants</th>
              </tr>
            </thead>
            <tbody>
              {registrations.map((registration) => (
                <tr key={registration.registrationNumber}>
                  <td>{registration.registrationNumber}</td>
                  <td>
                    <time dateTime={registration.date}>{formatDate(registration.date)}</time>
                  </td>
                  <td>{registration.registrants.map((registrant) => registrant.name).join(', ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
