/** The breakdown per center for the filter: a small table with a bar of each center's share (it is its own text alternative). */
import { formatDollars } from '@store/shared/money';
import type { ReportResponse } from '@store/shared/report';
import { useId } from 'react';
import { type DataColumn, DataTable } from '#src/components/data-table';
import { formatCount } from '#src/lib/format';

type CenterPoint = ReportResponse['perCenter'][number];

/** The center's part of the amount, in whole percent. */
const share = (amount: number, total: number) => (total > 0 ? Math.round((amount / total) * 100) : 0);

function columnsFor(total: number): readonly DataColumn<CenterPoint>[] {
  return [
    { header: 'Center', cell: (row) => row.center, rowHeader: true },
    { header: 'Donations', cell: (row) => formatCount(row.count), className: 'report-table__number' },
    { header: 'Amount', cell: (row) => formatDollars(row.amount), className: 'report-table__number' },
    {
      header: 'Share',
      className: 'report-table__share',
      cell: (row) => (
        <>
          <span className="report-bar" aria-hidden="true">
            <span className="report-bar__fill" style={{ inlineSize: `${share(row.amount, total)}%` }} />
          </span>
          {`${share(row.amount, total)}%`}
        </>
      ),
    },
  ];
}

export function DonationsPerCenter({ perCenter }: { perCenter: readonly CenterPoint[] }) {
  const id = useId();
  const total = perCenter.reduce((sum, c) => sum + c.amount, 0);
  return (
    <section className="report-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Donations per center</h2>
      <DataTable
        columns={columnsFor(total)}
        rows={perCenter}
        rowKey={(row) => row.center}
        scrollLabel="Donations per center table"
        name={{ labelledBy: `${id}-title` }}
      />
    </section>
  );
}
