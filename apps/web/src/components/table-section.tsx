/**
 * A titled list shown as a table: a heading (with actions beside it, e.g. a CSV download), then the
 * table, or a notice when there is nothing to list. The dashboard's activity and the report's
 * registrations.
 */
import { type ReactNode, useId } from 'react';
import { useLingui } from '#src/lib/i18n/use-lingui';
import { type DataColumn, DataTable } from './data-table';

type TableSectionProps<Row> = {
  /** The section's class: its place in the page's layout (`account-section`, `report-section`). */
  className: string;
  title: string;
  emptyText: string;
  columns: readonly DataColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => string;
  wide?: boolean;
  /** Shown beside the heading. */
  actions?: ReactNode;
};

export function TableSection<Row>({ className, title, emptyText, actions, ...table }: TableSectionProps<Row>) {
  const { i18n } = useLingui();
  const id = useId();
  const heading = <h2 id={`${id}-title`}>{title}</h2>;
  return (
    <section className={className} aria-labelledby={`${id}-title`}>
      {actions === undefined ? (
        heading
      ) : (
        <div className={`${className}__header`}>
          {heading}
          {actions}
        </div>
      )}
      {table.rows.length === 0 ? (
        <p className="notice">{emptyText}</p>
      ) : (
        <DataTable {...table} scrollLabel={i18n._('{title} table', { title })} name={{ labelledBy: `${id}-title` }} />
      )}
    </section>
  );
}
