/** The breakdown per center for the filter: a small table with a bar of each center's share (it is its own text alternative). */
import { formatDollars } from '@store/shared/money';
import type { ReportResponse } from '@store/shared/report';
import { useId } from 'react';
import { TableScroll } from '#src/components/table-scroll';
import { formatCount } from '#src/lib/format';

type CenterPoint = ReportResponse['perCenter'][number];

/** The center's part of the amount, in whole percent. */
const share = (amount: number, total: number) => (total > 0 ? Math.round((amount / total) * 100) : 0);

export function DonationsPerCenter({ perCenter }: { perCenter: readonly CenterPoint[] }) {
  const id = useId();
  const total = perCenter.reduce((sum, c) => sum + c.amount, 0);
  return (
    <section className="report-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Donations per center</h2>
      <TableScroll label="Donations per center table">
        <table className="report-table" aria-labelledby={`${id}-title`}>
          <thead>
            <tr>
              <th scope="col">Center</th>
              <th scope="col">Donations</th>
              <th scope="col">Amount</th>
              <th scope="col">Share</th>
            </tr>
          </thead>
          <tbody>
            {perCenter.map((row) => (
              <tr key={row.center}>
                <th scope="row">{row.center}</th>
                <td className="report-table__number">{formatCount(row.count)}</td>
                <td className="report-table__number">{formatDollars(row.amount)}</td>
                <td className="report-table__share">
                  <span className="report-bar" aria-hidden="true">
                    <span className="report-bar__fill" style={{ inlineSize: `${share(row.amount, total)}%` }} />
                  </span>
                  {`${share(row.amount, total)}%`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}
