/**
 * SPEC.md §2 /report: the 'Donor Details' table; Amount is a dollar figure with 2 decimals. Issue 20
 * adds each order's tax-deductible part and its receipt (the number, and the PDF to download).
 */
import { formatDollars } from '@store/shared/money';
import type { DonorRow } from '@store/shared/report';
import { useMemo } from 'react';
import { type DataColumn, DataTable, DateCell } from '#src/components/data-table';
import { formatCount } from '#src/lib/format';
import { ReceiptPdfButton } from './receipt-pdf-button';
import type { ReportCredentials } from './report-credentials';
import { NO_MATCHES } from './report-empty';

/** Filters on, nothing found: 'No matches', unlike a report that has no donations at all. */
export const NO_DONATIONS_MATCH = `${NO_MATCHES} No donations match these filters.`;
export const NO_DONATIONS_YET = 'No donations yet.';

/** What a receipt's PDF button needs: the report's credentials, and what to do when they stop working. */
type ReceiptAccess = { credentials: ReportCredentials; onUnauthorized: () => void };

/** The dates in `timeZone`, the foundation's: the zone the filter and the chart count days in. */
function donorColumns(timeZone: string, access: ReceiptAccess): readonly DataColumn<DonorRow>[] {
  return [
    { header: 'Name', cell: (row) => row.name },
    { header: 'Email', cell: (row) => row.email },
    { header: 'Center', cell: (row) => row.center },
    { header: 'Amount', cell: (row) => formatDollars(row.amount, row.currency), className: 'report-table__number' },
    {
      header: 'Deductible',
      // Orders from before the tax receipts have no figure on record.
      cell: (row) => (row.deductible === null ? '—' : formatDollars(row.deductible, row.currency)),
      className: 'report-table__number',
    },
    { header: 'Receipt', cell: (row) => <ReceiptCell row={row} {...access} /> },
    { header: 'Transaction ID', cell: TransactionCell },
    { header: 'Date', cell: (row) => <DateCell iso={row.date} timeZone={timeZone} /> },
    { header: 'Qty', cell: (row) => formatCount(row.qty), className: 'report-table__number' },
    // The delivery under the products, keeping SPEC.md's eight columns: it is about the book listed there.
    { header: 'Products', cell: ProductsCell, className: 'report-table__products' },
  ];
}

/** A test order (nothing was paid) is marked beside its transaction id; how it was paid, under it. */
function TransactionCell(row: DonorRow) {
  if (!row.test && !row.paymentMethod) return row.transactionId;
  return (
    <>
      {row.transactionId}
      {row.test && (
        <>
          {' '}
          <span className="report-table__test">Test</span>
        </>
      )}
      {row.paymentMethod && <span className="report-table__delivery">{row.paymentMethod}</span>}
    </>
  );
}

/** The receipt's number and its PDF; an order from a server that sends no number has neither. */
function ReceiptCell({ row, ...access }: { row: DonorRow } & ReceiptAccess) {
  if (!row.receiptNumber) return '—';
  return (
    <span className="report-table__receipt">
      {row.receiptNumber}
      <ReceiptPdfButton orderId={row.orderId} receiptNumber={row.receiptNumber} {...access} />
    </span>
  );
}

function ProductsCell(row: DonorRow) {
  if (!row.delivery && !row.tribute) return row.products;
  return (
    <>
      {row.products}
      {row.delivery && <span className="report-table__delivery">{row.delivery}</span>}
      {/* The gift's tribute, under what was given. */}
      {row.tribute && <span className="report-table__delivery">{row.tribute}</span>}
    </>
  );
}

type DonorTableProps = {
  donors: readonly DonorRow[];
  labelledBy: string;
  timeZone: string;
  /** Some filter is on: an empty list is then 'No matches', not 'No donations yet.' */
  filtered: boolean;
} & ReceiptAccess;

export function DonorTable({ donors, labelledBy, timeZone, filtered, credentials, onUnauthorized }: DonorTableProps) {
  const columns = useMemo(
    () => donorColumns(timeZone, { credentials, onUnauthorized }),
    [timeZone, credentials, onUnauthorized],
  );
  if (donors.length === 0) return <p className="notice">{filtered ? NO_DONATIONS_MATCH : NO_DONATIONS_YET}</p>;
  return (
    <DataTable
      columns={columns}
      rows={donors}
      rowKey={(row) => row.orderId}
      scrollLabel="Donor Details table"
      name={{ labelledBy }}
      wide
    />
  );
}
