/**
 * The signed-in donor's donations, with the receipt number of each e-mailed receipt (beyond SPEC.md)
 * and, since issue 20, the tax-deductible part of each gift and its receipt as a PDF.
 */
import type { I18n } from '@lingui/core';
import type { AccountActivity } from '@store/shared/auth';
import { formatDollars } from '@store/shared/money';
import { type DataColumn, DateCell } from '#src/components/data-table';
import { TableSection } from '#src/components/table-section';
import { useLingui } from '#src/lib/i18n/use-lingui';

export const YOUR_DONATIONS = /*i18n*/ 'Your Donations';
export const NO_DONATIONS = /*i18n*/ 'No donations yet.';

type Donation = AccountActivity['donations'][number];

/** The table's columns, headed in the page's language. */
const columns = (i18n: I18n): readonly DataColumn<Donation>[] => [
  { header: i18n._('Date'), cell: (donation) => <DateCell iso={donation.date} /> },
  // The number and its PDF together, at the start of the row: on a phone the table scrolls sideways,
  // and the download is what a donor comes here for at tax time.
  { header: i18n._('Receipt'), cell: (donation) => <ReceiptCell donation={donation} />, className: 'account-receipt' },
  { header: i18n._('Center'), cell: (donation) => donation.center },
  { header: i18n._('Products'), cell: (donation) => donation.products, className: 'report-table__products' },
  {
    header: i18n._('Amount'),
    cell: (donation) => formatDollars(donation.amount, donation.currency),
    className: 'report-table__number',
  },
  {
    header: i18n._('Tax-deductible'),
    // Orders from before the tax receipts have no figure on record.
    cell: (donation) => (donation.deductible === null ? '—' : formatDollars(donation.deductible, donation.currency)),
    className: 'report-table__number',
  },
  { header: i18n._('Transaction ID'), cell: (donation) => donation.transactionId },
];

function ReceiptCell({ donation }: { donation: Donation }) {
  const { i18n } = useLingui();
  if (!donation.receiptPdf) return donation.receiptNumber;
  // Until the address is added (AwaitingReceipts), the number is the order's reference.
  const label = donation.awaitingAddress
    ? i18n._('{receiptNumber} (not official)', { receiptNumber: donation.receiptNumber })
    : donation.receiptNumber;
  // Same origin and the session cookie: a plain link downloads it. Its name is receiptPdfLabel's
  // (@store/shared/tax-receipts, the report's in English) in the page's language.
  return (
    <>
      {label}{' '}
      <a
        href={donation.receiptPdf}
        download
        aria-label={i18n._('Download receipt {receiptNumber} (PDF)', { receiptNumber: donation.receiptNumber })}
      >
        {i18n._('PDF')}
      </a>
    </>
  );
}

export function DonationHistory({ donations }: { donations: AccountActivity['donations'] }) {
  const { i18n } = useLingui();
  return (
    <TableSection
      className="account-section"
      title={i18n._(YOUR_DONATIONS)}
      emptyText={i18n._(NO_DONATIONS)}
      columns={columns(i18n)}
      rows={donations}
      rowKey={(donation) => donation.orderId}
      wide
    />
  );
}
