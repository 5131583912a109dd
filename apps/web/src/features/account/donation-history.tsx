/**
 * The signed-in donor's donations, with the receipt number of each e-mailed receipt (beyond SPEC.md)
 * and, since issue 20, the tax-deductible part of each gift and its receipt as a PDF.
 */
import type { AccountActivity } from '@store/shared/auth';
import { formatDollars } from '@store/shared/money';
import { receiptPdfLabel } from '@store/shared/tax-receipts';
import { type DataColumn, DateCell } from '#src/components/data-table';
import { TableSection } from '#src/components/table-section';

export const YOUR_DONATIONS = 'Your Donations';
export const NO_DONATIONS = 'No donations yet.';

type Donation = AccountActivity['donations'][number];

const COLUMNS: readonly DataColumn<Donation>[] = [
  { header: 'Date', cell: (donation) => <DateCell iso={donation.date} /> },
  // The number and its PDF together, at the start of the row: on a phone the table scrolls sideways,
  // and the download is what a donor comes here for at tax time.
  { header: 'Receipt', cell: ReceiptCell, className: 'account-receipt' },
  { header: 'Center', cell: (donation) => donation.center },
  { header: 'Products', cell: (donation) => donation.products, className: 'report-table__products' },
  {
    header: 'Amount',
    cell: (donation) => formatDollars(donation.amount, donation.currency),
    className: 'report-table__number',
  },
  {
    header: 'Tax-deductible',
    // Orders from before the tax receipts have no figure on record.
    cell: (donation) => (donation.deductible === null ? '—' : formatDollars(donation.deductible, donation.currency)),
    className: 'report-table__number',
  },
  { header: 'Transaction ID', cell: (donation) => donation.transactionId },
];

function ReceiptCell(donation: Donation) {
  if (!donation.receiptPdf) return donation.receiptNumber;
  // Until the address is added (AwaitingReceipts), the number is the order's reference.
  const label = donation.awaitingAddress ? `${donation.receiptNumber} (not official)` : donation.receiptNumber;
  // Same origin and the session cookie: a plain link downloads it.
  return (
    <>
      {label}{' '}
      <a href={donation.receiptPdf} download aria-label={receiptPdfLabel(donation.receiptNumber)}>
        PDF
      </a>
    </>
  );
}

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
