/** A table of orders (the orders page, a donor's gifts): each row leads to the order's page. */
import { formatCents } from '@store/shared/money';
import type { StaffOrder } from '@store/shared/staff';
import { Link } from 'react-router';
import { type DataColumn, DataTable, DateCell } from '#src/components/data-table';

const NUMBER = 'report-table__number';

const COLUMNS: readonly DataColumn<StaffOrder>[] = [
  {
    header: 'Date',
    // The row's link: the first cell, so Tab reaches one link per order.
    cell: (order) => (
      <Link to={`/admin/orders/${encodeURIComponent(order.id)}`}>
        <DateCell iso={order.receivedOn ?? order.createdAt} />
        <span className="visually-hidden">{`: order of ${order.firstName} ${order.lastName}`}</span>
      </Link>
    ),
  },
  {
    header: 'Donor',
    cell: (order) => (
      <>
        {`${order.firstName} ${order.lastName}`}
        <br />
        <span className="admin-muted">{order.email}</span>
      </>
    ),
  },
  { header: 'Center', cell: (order) => order.centerName },
  { header: 'Amount', cell: (order) => formatCents(order.amountCents, order.currency), className: NUMBER },
  {
    header: 'Refunded',
    cell: (order) => (order.refundedCents > 0 ? formatCents(order.refundedCents, order.currency) : '–'),
    className: NUMBER,
  },
  { header: 'Receipt', cell: (order) => order.receiptNumber ?? '–' },
  { header: 'Source', cell: sourceText },
];

export function sourceText(order: Pick<StaffOrder, 'source' | 'status' | 'test'>): string {
  const source = order.source === 'card' ? 'Card' : 'Offline';
  const notes = [order.status === 'succeeded' ? null : order.status, order.test ? 'test' : null].filter(Boolean);
  return notes.length === 0 ? source : `${source} (${notes.join(', ')})`;
}

export function OrdersTable({ orders, label }: { orders: readonly StaffOrder[]; label: string }) {
  return (
    <DataTable
      columns={COLUMNS}
      rows={orders}
      rowKey={(order) => order.id}
      scrollLabel={`${label} table`}
      name={{ label }}
      wide
    />
  );
}
