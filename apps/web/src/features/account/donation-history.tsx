/** The signed-in donor's donations, with the receipt number of each e-mailed receipt (beyond SPEC.md). */
import type { AccountActivity } from '@store/shared/auth';
import { formatDollars } from '@store/shared/money';
import { useId } from 'react';
import { TableScroll } from '#src/components/table-scroll';
import { formatDate } from '#src/lib/format';

export const YOUR_DONATIONS = 'Your Donations';
export const NO_DONATIONS = 'No donations yet.';

export function DonationHistory({ donations }: { donations: AccountActivity['donations'] }) {
  const id = useId();
  return (
    <section className="account-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{YOUR_DONATIONS}</h2>
      {donations.length === 0 ? (
        <p className="notice">{NO_DONATIONS}</p>
      ) : (
        <TableScroll label={`${YOUR_DONATIONS} table`}>
          <table className="report-table report-table--wide" aria-labelledby={`${id}-title`}>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Receipt</th>
                <th scope="col">Center</th>
                <th scope="col">Products</th>
                <th scope="col">Amount</th>
                <th scope="col">Transaction ID</th>
              </tr>
            </thead>
            <tbody>
              {donations.map((donation) => (
                <tr key={donation.orderId}>
                  <td>
                    <time dateTime={donation.date}>{formatDate(donation.date)}</time>
                  </td>
                  <td>{donation.receiptNumber}</td>
                  <td>{donation.center}</td>
                  <td className="report-table__products">{donation.products}</td>
                  <td className="report-table__number">{formatDollars(donation.amount)}</td>
                  <td>{donation.transactionId}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
