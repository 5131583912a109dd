/** The chart of donations per day, with the same numbers as a table for anyone who cannot see it. */
import { formatDollars } from '@store/shared/money';
import { type ComponentType, lazy, Suspense, useId, useMemo } from 'react';
import { TableScroll } from '#src/components/table-scroll';
import { formatCount, formatDate } from '#src/lib/format';
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
        <TableScroll label="Donations per day table">
          <table className="report-table" aria-label="Donations per day">
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Donations</th>
                <th scope="col">Amount</th>
              </tr>
            </thead>
            <tbody>
              {perDay.map((point) => (
                <tr key={point.day}>
                  <td>{formatDate(point.day)}</td>
                  <td className="report-table__number">{formatCount(point.count)}</td>
                  <td className="report-table__number">{formatDollars(point.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </details>
    </section>
  );
}
