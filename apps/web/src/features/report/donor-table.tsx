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
  { header: 'Transaction ID', cell: (row) => row.transactionId },
  { header: 'Date', cell: (row) => <DateCell iso={row.date} /> },
  { header: 'Qty', cell: (row) => formatCount(row.qty), className: 'report-table__number' },
  { header: 'Products', cell: (row) => row.products, className: 'report-table__products' },
];

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
