/** What an order was for: its lines with unit price, quantity and total. */
import { formatCents } from '@store/shared/money';
import type { StaffOrderDetail } from '@store/shared/staff';
import { TableSection } from '#src/components/table-section';

type Line = StaffOrderDetail['products'][number];

export function OrderLines({ products, currency }: { products: readonly Line[]; currency: string }) {
  return (
    <TableSection
      className="admin-section"
      title="Lines"
      emptyText="No lines: a gift without items."
      rows={products}
      rowKey={(line, index) => `${index}-${line.name}`}
      columns={[
        {
          header: 'Item',
          // An offline gift's cause, with what the treasurer wrote of it.
          cell: (line) =>
            line.note ? (
              <>
                {line.name}
                <span className="admin-note">{line.note}</span>
              </>
            ) : (
              line.name
            ),
          rowHeader: true,
        },
        { header: 'Unit', cell: (line) => formatCents(line.unitCents, currency), className: 'report-table__number' },
        { header: 'Quantity', cell: (line) => line.quantity, className: 'report-table__number' },
        {
          header: 'Total',
          cell: (line) => formatCents(line.unitCents * line.quantity, currency),
          className: 'report-table__number',
        },
      ]}
    />
  );
}
