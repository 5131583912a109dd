/** One list of the dashboard's activity (donations, registrations): a heading, then its table or a notice that it is empty. */
import { useId } from 'react';
import { type DataColumn, DataTable } from '#src/components/data-table';

type ActivityTableProps<Row> = {
  title: string;
  emptyText: string;
  columns: readonly DataColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  wide?: boolean;
};

export function ActivityTable<Row>({ title, emptyText, columns, rows, rowKey, wide = false }: ActivityTableProps<Row>) {
  const id = useId();
  return (
    <section className="account-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {rows.length === 0 ? (
        <p className="notice">{emptyText}</p>
      ) : (
        <DataTable
          columns={columns}
          rows={rows}
          rowKey={rowKey}
          scrollLabel={`${title} table`}
          name={{ labelledBy: `${id}-title` }}
          wide={wide}
        />
      )}
    </section>
  );
}
