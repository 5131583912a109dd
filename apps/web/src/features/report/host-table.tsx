/** The report's `hosts` list (the event registrations, DESIGN.md "Data that SPEC.md leaves open") in its own table. */
import type { HostRow } from '@store/shared/report';
import type { ReactNode } from 'react';
import { type DataColumn, DateCell } from '#src/components/data-table';
import { TableSection } from '#src/components/table-section';

export const EVENT_REGISTRATIONS = 'Event Registrations';
export const NO_REGISTRATIONS = 'No registrations yet.';

const orDash = (value: string | null) => (value === null || value === '' ? '—' : value);

const COLUMNS: readonly DataColumn<HostRow>[] = [
  { header: 'Registration', cell: (row) => row.registrationNumber },
  { header: 'Date', cell: (row) => <DateCell iso={row.date} /> },
  { header: 'Name', cell: (row) => row.name },
  { header: 'Email', cell: (row) => row.email },
  { header: 'Age', cell: (row) => row.age, className: 'report-table__number' },
  { header: 'Gender', cell: (row) => row.gender },
  { header: 'Category', cell: (row) => orDash(row.category) },
  { header: 'Phone', cell: (row) => orDash(row.phone) },
  { header: 'Parents', cell: (row) => orDash(row.parents) },
  { header: 'Location', cell: (row) => row.location },
];

/**
 * One row per person: a family's rows share the registration number, and the list is replaced whole
 * on every load (never reordered in place), so the position is stable.
 */
const rowKey = (row: HostRow, index: number) => `${row.registrationNumber}-${index}`;

/** `download`: the registrations' CSV button, shown beside the heading. */
export function HostTable({ hosts, download }: { hosts: readonly HostRow[]; download?: ReactNode }) {
  return (
    <TableSection
      className="report-section"
      title={EVENT_REGISTRATIONS}
      emptyText={NO_REGISTRATIONS}
      columns={COLUMNS}
      rows={hosts}
      rowKey={rowKey}
      actions={download}
      wide
    />
  );
}
