/** An order's refunds and voids, with who made them and how they went. */
import { formatCents } from '@store/shared/money';
import type { StaffOrderDetail } from '@store/shared/staff';
import { DateCell } from '#src/components/data-table';
import { TableSection } from '#src/components/table-section';

type Refund = StaffOrderDetail['refunds'][number];

export function RefundsTable({ refunds, currency }: { refunds: readonly Refund[]; currency: string }) {
  return (
    <TableSection
      className="admin-section"
      title="Refunds"
      emptyText="No refunds."
      rows={refunds}
      rowKey={(refund) => refund.id}
      wide
      columns={[
        { header: 'Date', cell: (refund) => <DateCell iso={refund.createdAt} /> },
        { header: 'Kind', cell: (refund) => (refund.kind === 'void' ? 'Void' : 'Refund') },
        {
          header: 'Amount',
          cell: (refund) => formatCents(refund.amountCents, currency),
          className: 'report-table__number',
        },
        { header: 'Reason', cell: (refund) => refund.reason },
        {
          header: 'Status',
          cell: (refund) => (refund.failureMessage ? `${refund.status}: ${refund.failureMessage}` : refund.status),
        },
        { header: 'By', cell: (refund) => refund.staffName ?? '–' },
      ]}
    />
  );
}
