/** The report's `hosts` list (the event registrations, DESIGN.md "Data that SPEC.md leaves open") in its own table. */
import type { HostRow } from '@store/shared/report';
import { type ReactNode, useId } from 'react';
import { TableScroll } from '#src/components/table-scroll';
import { formatDate } from '#src/lib/format';

export const EVENT_REGISTRATIONS = 'Event Registrations';
export const NO_REGISTRATIONS = 'No registrations yet.';

const orDash = (value: string | null) => (value === null || value === '' ? '—' : value);

/** `download`: the registrations' CSV button, shown beside the heading. */
export function HostTable({ hosts, download }: { hosts: readonly HostRow[]; download?: ReactNode }) {
  const id = useId();
  return (
    <section className="report-section" aria-labelledby={`${id}-title`}>
      <div className="report-section__header">
        <h2 id={`${id}-title`}>{EVENT_REGISTRATIONS}</h2>
        {download}
      </div>
      {hosts.length === 0 ? (
        <p className="notice">{NO_REGISTRATIONS}</p>
      ) : (
        <TableScroll label={`${EVENT_REGISTRATIONS} table`}>
          <table className="report-table report-table--wide" aria-labelledby={`${id}-title`}>
            <thead>
              <tr>
                <th scope="col">Registration</th>
                <th scope="col">Date</th>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Age</th>
                <th scope="col">Gender</th>
                <th scope="col">Category</th>
                <th scope="col">Phone</th>
                <th scope="col">Parents</th>
                <th scope="col">Location</th>
              </tr>
            </thead>
            <tbody>
              {hosts.map((row, index) => (
                // One row per person: a family's rows share the registration number, and the list is
                // replaced whole on every load (never reordered in place), so the position is stable.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <tr key={`${row.registrationNumber}-${index}`}>
                  <td>{row.registrationNumber}</td>
                  <td>
                    <time dateTime={row.date}>{formatDate(row.date)}</time>
                  </td>
                  <td>{row.name}</td>
                  <td>{row.email}</td>
                  <td className="report-table__number">{row.age}</td>
                  <td>{row.gender}</td>
                  <td>{orDash(row.category)}</td>
                  <td>{orDash(row.phone)}</td>
                  <td>{orDash(row.parents)}</td>
                  <td>{row.location}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
