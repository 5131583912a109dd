/** The signed-in donor's donations, with the receipt number of each e-mailed receipt (beyond SPEC.md). */
import type { AccountActivity } from '@store/shared/auth';
import { formatDollars } from '@store/shared/money';
import { useId } from 'react';
import { type DataColumn, DataTable, DateCell } from '#src/components/data-table';

export const YOUR_DONATIONS = 'Your Donations';
export const NO_DONATIONS = 'No donations yet.';

type Donation = AccountActivity['donations'][number];

const COLUMNS: readonly DataColumn<Donation>[] = [
  { header: 'Date', cell: (donation) => <DateCell iso={donation.date} /> },
  { header: 'Receipt', cell: (donation) => donation.receiptNumber },
  { header: 'Center', cell: (donation) => donation.center },
  { header: 'Products', cell: (donation) => donation.products, className: 'report-table__products' },
  { header: 'Amount', cell: (donation) => formatDollars(donation.amount), className: 'report-table__number' },
  { header: 'Transaction ID', cell: (donation) => donation.transactionId },
];

export function DonationHistory({ donations }: { donations: AccountActivity['donations'] }) {
  const id = useId();
  return (
    <section className="account-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{YOUR_DONATIONS}</h2>
      {donations.length === 0 ? (
        <p className="notice">{NO_DONATIONS}</p>
      ) : (
        <DataTable
          columns={COLUMNS}
          rows={donations}
          rowKey={(donation) => donation.orderId}
          scrollLabel={`${YOUR_DONATIONS} table`}
          name={{ labelledBy: `${id}-title` }}
          wide
        />
      )}
    </section>
  );
}
