/** SPEC.md §2 /report: the 'Donor Details' table; Amount is a dollar figure with 2 decimals. */
import { formatDollars } from '@store/shared/money';
import type { DonorRow } from '@store/shared/report';
import { TableScroll } from '#src/components/table-scroll';
import { formatCount, formatDate } from '#src/lib/format';

export const NO_DONATIONS = 'No donations match these filters.';

export function DonorTable({ donors, labelledBy }: { donors: readonly DonorRow[]; labelledBy: string }) {
  if (donors.length === 0) return <p className="notice">{NO_DONATIONS}</p>;
  return (
    <TableScroll label="Donor Details table">
      <table className="report-table report-table--wide" aria-labelledby={labelledBy}>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Email</th>
            <th scope="col">Center</th>
            <th scope="col">Amount</th>
            <th scope="col">Transaction ID</th>
            <th scope="col">Date</th>
            <th scope="col">Qty</th>
            <th scope="col">Products</th>
          </tr>
        </thead>
        <tbody>
          {donors.map((row) => (
            <tr key={row.orderId}>
              <td>{row.name}</td>
              <td>{row.email}</td>
              <td>{row.center}</td>
              <td className="report-table__number">{formatDollars(row.amount)}</td>
              <td>{row.transactionId}</td>
              <td>
                <time dateTime={row.date}>{formatDate(row.date)}</time>
              </td>
              <td className="report-table__number">{formatCount(row.qty)}</td>
              <td className="report-table__products">{row.products}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
