/** The signed-in donor's donations, with the receipt number of each e-mailed receipt (beyond SPEC.md). */
import type { AccountActivity } from '@store/shared/auth';
import { formatDollars } from '@store/shared/money';
import { type DataColumn, DateCell } from '#src/components/data-table';
import { TableSection } from '#src/components/table-section';

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
  return (
    <TableSection
      className="account-section"
      title={YOUR_DONATIONS}
      emptyText={NO_DONATIONS}
      columns={COLUMNS}
      rows={donations}
      rowKey={(donation) => donation.orderId}
      wide
    />
  );
}
