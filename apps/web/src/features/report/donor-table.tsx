/** SPEC.md §2 /report: the 'Donor Details' table; Amount is a dollar figure with 2 decimals. */
import { formatDollars } from '@store/shared/money';
import type { DonorRow } from '@store/shared/report';
import { type DataColumn, DataTable, DateCell } from '#src/components/data-table';
import { formatCount } from '#src/lib/format';

export const NO_DONATIONS = 'No donations match these filters.';

const COLUMNS: readonly DataColumn<DonorRow>[] = [
  { header: 'Name', cell: (row) => row.name },
  { header: 'Email', cell: (row) => row.email },
  { header: 'Center', cell: (row) => row.center },
  { header: 'Amount', cell: (row) => formatDollars(row.amount), className: 'report-table__number' },
  { header: 'Transaction ID', cell: TransactionCell },
  { header: 'Date', cell: (row) => <DateCell iso={row.date} /> },
  { header: 'Qty', cell: (row) => formatCount(row.qty), className: 'report-table__number' },
  // The delivery under the products, keeping SPEC.md's eight columns: it is about the book listed there.
  { header: 'Products', cell: ProductsCell, className: 'report-table__products' },
];

/** A test order (nothing was paid) is marked beside its transaction id. */
function TransactionCell(row: DonorRow) {
  if (!row.test) return row.transactionId;
  return (
    <>
      {row.transactionId} <span className="report-table__test">Test</span>
    </>
  );
}

function ProductsCell(row: DonorRow) {
  if (!row.delivery) return row.products;
  return (
    <>
      {row.products}
      <span className="report-table__delivery">{row.delivery}</span>
    </>
  );
}

export function DonorTable({ donors, labelledBy }: { donors: readonly DonorRow[]; labelledBy: string }) {
  if (donors.length === 0) return <p className="notice">{NO_DONATIONS}</p>;
  return (
    <DataTable
      columns={COLUMNS}
      rows={donors}
      rowKey={(row) => row.orderId}
      scrollLabel="Donor Details table"
      name={{ labelledBy }}
      wide
    />
  );
}
