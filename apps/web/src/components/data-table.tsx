/**
 * The site's data table (the report's and the dashboard's): column headers, one row per item, number
 * columns aligned, inside a box that scrolls sideways on a phone (TableScroll). Columns are declared
 * once per table, so every table has the same markup, classes and accessibility.
 */
import type { ReactNode } from 'react';
import { formatDate } from '#src/lib/format';
import { useFoundationTimeZone } from '#src/lib/use-foundation-time-zone';
import { TableScroll } from './table-scroll';

export type DataColumn<Row> = {
  header: string;
  cell: (row: Row) => ReactNode;
  /** The cells' class, e.g. `report-table__number` for right-aligned figures. */
  className?: string;
  /** This column names the row (`<th scope="row">`), e.g. the center in a per-center table. */
  rowHeader?: boolean;
};

type DataTableProps<Row> = {
  columns: readonly DataColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => string;
  /** The scrolling box's name for screen readers and keyboard users. */
  scrollLabel: string;
  /** The table's name: the id of a visible heading, or else a text. */
  name: { labelledBy: string } | { label: string };
  /** Many columns: wider cells, scrolls sooner. */
  wide?: boolean;
};

export function DataTable<Row>({ columns, rows, rowKey, scrollLabel, name, wide = false }: DataTableProps<Row>) {
  const naming = 'labelledBy' in name ? { 'aria-labelledby': name.labelledBy } : { 'aria-label': name.label };
  return (
    <TableScroll label={scrollLabel}>
      <table className={wide ? 'report-table report-table--wide' : 'report-table'} {...naming}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={rowKey(row, index)}>
              {columns.map((column) =>
                column.rowHeader ? (
                  <th key={column.header} scope="row" className={column.className}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.header} className={column.className}>
                    {column.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/**
 * A date in a cell: the readable date, keeping the machine-readable one. A day (an offline gift's
 * date received) shows no time; an instant is shown in the foundation's zone, or in `timeZone` where
 * the page's data names its zone (the report's answer).
 */
export function DateCell({ iso, timeZone }: { iso: string; timeZone?: string | undefined }) {
  const foundation = useFoundationTimeZone();
  return <time dateTime={iso}>{formatDate(iso, timeZone ?? foundation)}</time>;
}
