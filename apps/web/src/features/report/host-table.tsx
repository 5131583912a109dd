/** The report's `hosts` list (the event registrations, DESIGN.md "Data that SPEC.md leaves open") in its own table. */
import type { HostRow } from '@store/shared/report';
import { type ReactNode, useMemo } from 'react';
import { type DataColumn, DateCell } from '#src/components/data-table';
import { TableSection } from '#src/components/table-section';
import { NO_MATCHES } from './report-empty';

export const EVENT_REGISTRATIONS = 'Event Registrations';
export const NO_REGISTRATIONS = 'No registrations yet.';
/** Filters on, nothing found: not the same as no registrations at all. */
export const NO_REGISTRATIONS_MATCH = `${NO_MATCHES} No registrations match these filters.`;

const orDash = (value: string | null) => (value === null || value === '' ? '—' : value);

/** The dates in `timeZone`, the foundation's, as the donors' and the filter's days. */
function hostColumns(timeZone: string): readonly DataColumn<HostRow>[] {
  return [
    { header: 'Registration', cell: (row) => row.registrationNumber },
    { header: 'Date', cell: (row) => <DateCell iso={row.date} timeZone={timeZone} /> },
    { header: 'Name', cell: (row) => row.name },
    { header: 'Email', cell: (row) => row.email },
    { header: 'Age', cell: (row) => row.age, className: 'report-table__number' },
    { header: 'Gender', cell: (row) => row.gender },
    { header: 'Category', cell: (row) => orDash(row.category) },
    { header: 'Phone', cell: (row) => orDash(row.phone) },
    { header: 'Parents', cell: (row) => orDash(row.parents) },
    { header: 'Location', cell: (row) => row.location },
    { header: 'Session', cell: (row) => orDash(row.session) },
    { header: 'Status', cell: (row) => row.status },
    { header: 'Ticket', cell: (row) => orDash(row.ticketId) },
  ];
}

/**
 * One row per person: a family's rows share the registration number, and the list is replaced whole
 * on every load (never reordered in place), so the position is stable.
 */
const rowKey = (row: HostRow, index: number) => `${row.registrationNumber}-${index}`;

type HostTableProps = {
  hosts: readonly HostRow[];
  timeZone: string;
  /** A filter that applies to registrations (dates, search) is on: empty is then 'No matches'. */
  filtered: boolean;
  /** The registrations' CSV button, shown beside the heading. */
  download?: ReactNode;
};

export function HostTable({ hosts, timeZone, filtered, download }: HostTableProps) {
  const columns = useMemo(() => hostColumns(timeZone), [timeZone]);
  return (
    <TableSection
      className="report-section"
      title={EVENT_REGISTRATIONS}
      emptyText={filtered ? NO_REGISTRATIONS_MATCH : NO_REGISTRATIONS}
      columns={columns}
      rows={hosts}
      rowKey={rowKey}
      actions={download}
      wide
    />
  );
}
