/** The chart of donations per day, with the same numbers as a table for anyone who cannot see it. */
import { formatDollars } from '@store/shared/money';
import { type ComponentType, lazy, Suspense, useId, useMemo } from 'react';
import { type DataColumn, DataTable } from '#src/components/data-table';
import { formatCalendarDay, formatCount } from '#src/lib/format';
import type { DonationsChartProps } from './donations-chart';
import { type DayPoint, describePerDay, fillMissingDays } from './per-day-series';

/** Chart.js is its own chunk. If it cannot load (offline), the table below still has every number. */
const DonationsChart = lazy(
  (): Promise<{ default: ComponentType<DonationsChartProps> }> =>
    import('./donations-chart').then(
      (m) => ({ default: m.DonationsChart }),
      () => ({ default: () => null }),
    ),
);

const COLUMNS: readonly DataColumn<DayPoint>[] = [
  { header: 'Day', cell: (point) => formatCalendarDay(point.day) },
  { header: 'Donations', cell: (point) => formatCount(point.count), className: 'report-table__number' },
  { header: 'Amount', cell: (point) => formatDollars(point.amount), className: 'report-table__number' },
];

export function DonationsPerDay({ perDay }: { perDay: readonly DayPoint[] }) {
  const id = useId();
  const points = useMemo(() => fillMissingDays(perDay), [perDay]);
  const label = describePerDay(perDay);
  return (
    <section className="report-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Donations per day</h2>
      <div className="report-chart">
        <Suspense fallback={null}>
          <DonationsChart points={points} label={label} />
        </Suspense>
      </div>
      <details className="report-details">
        <summary>Donations per day as a table</summary>
        <DataTable
          columns={COLUMNS}
          rows={perDay}
          rowKey={(point) => point.day}
          scrollLabel="Donations per day table"
          name={{ label: 'Donations per day' }}
        />
      </details>
    </section>
  );
}
