/** The breakdown per center for the filter: a small table with a bar of each center's share (it is its own text alternative). */
import { formatDollars } from '@store/shared/money';
import type { ReportResponse } from '@store/shared/report';
import { useId } from 'react';
import { type DataColumn, DataTable } from '#src/components/data-table';
import { formatCount } from '#src/lib/format';

type CenterPoint = ReportResponse['perCenter'][number];

/** A center's amount at home (an older server's answer has only `amount`, in dollars). */
const homeOf = (row: CenterPoint) => row.homeAmount ?? row.amount;

/** The center's part of the amount, in whole percent. */
const share = (amount: number, total: number) => (total > 0 ? Math.round((amount / total) * 100) : 0);

function columnsFor(total: number): readonly DataColumn<CenterPoint>[] {
  return [
    { header: 'Center', cell: (row) => row.center, rowHeader: true },
    { header: 'Donations', cell: (row) => formatCount(row.count), className: 'report-table__number' },
    // In the center's own currency; the share compares them at home.
    { header: 'Amount', cell: (row) => formatDollars(row.amount, row.currency), className: 'report-table__number' },
    {
      header: 'Share',
      className: 'report-table__share',
      cell: (row) => (
        <>
          <span className="report-bar" aria-hidden="true">
            <span className="report-bar__fill" style={{ inlineSize: `${share(homeOf(row), total)}%` }} />
          </span>
          {`${share(homeOf(row), total)}%`}
        </>
      ),
    },
  ];
}

export function DonationsPerCenter({ perCenter }: { perCenter: readonly CenterPoint[] }) {
  const id = useId();
  const total = perCenter.reduce((sum, c) => sum + homeOf(c), 0);
  return (
    <section className="report-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Donations per center</h2>
      <DataTable
        columns={columnsFor(total)}
        rows={perCenter}
        rowKey={(row) => `${row.center} ${row.currency}`}
        scrollLabel="Donations per center table"
        name={{ labelledBy: `${id}-title` }}
      />
    </section>
  );
}
