/**
 * The signed-in donor's donations, with the receipt number of each e-mailed receipt (beyond SPEC.md)
 * and, since issue 20, the tax-deductible part of each gift and its receipt as a PDF.
 */
import type { AccountActivity } from '@store/shared/auth';
import { formatDollars } from '@store/shared/money';
import { type DataColumn, DateCell } from '#src/components/data-table';
import { TableSection } from '#src/components/table-section';

export const YOUR_DONATIONS = 'Your Donations';
export const NO_DONATIONS = 'No donations yet.';

type Donation = AccountActivity['donations'][number];

/** The visible text says what the file is; the name says which one, as every row has the same text. */
export const receiptPdfLabel = (receiptNumber: string) => `Download receipt ${receiptNumber} (PDF)`;

const COLUMNS: readonly DataColumn<Donation>[] = [
  { header: 'Date', cell: (donation) => <DateCell iso={donation.date} /> },
  { header: 'Receipt', cell: (donation) => donation.receiptNumber },
  { header: 'Center', cell: (donation) => donation.center },
  { header: 'Products', cell: (donation) => donation.products, className: 'report-table__products' },
  { header: 'Amount', cell: (donation) => formatDollars(donation.amount), className: 'report-table__number' },
  {
    header: 'Tax-deductible',
    // Orders from before the tax receipts have no figure on record.
    cell: (donation) => (donation.deductible === null ? '—' : formatDollars(donation.deductible)),
    className: 'report-table__number',
  },
  { header: 'Transaction ID', cell: (donation) => donation.transactionId },
  { header: 'PDF', cell: ReceiptPdfCell },
];

function ReceiptPdfCell(donation: Donation) {
  if (!donation.receiptPdf) return null;
  // Same origin and the session cookie: a plain link downloads it.
  return (
    <a href={donation.receiptPdf} download aria-label={receiptPdfLabel(donation.receiptNumber)}>
      Receipt (PDF)
    </a>
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
