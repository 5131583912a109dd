/**
 * The Chart.js bar chart of donations per day: its own lazy chunk, loaded only with the report.
 * Only the pieces a bar chart needs are registered, so the rest of Chart.js is tree-shaken away.
 * The canvas is an image whose aria-label carries the summary; the numbers are also in a table.
 */
import { formatDollars } from '@store/shared/money';
import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';
import { useEffect, useRef } from 'react';
import { formatCalendarDay, formatShortDay } from '#src/lib/format';
import type { DayPoint } from './per-day-series';
import { donationCount } from './report-totals';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

const compactDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});

export type DonationsChartProps = { points: readonly DayPoint[]; label: string };

export function DonationsChart({ points, label }: DonationsChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    // jsdom (tests) and very old browsers have no 2D context: the label and the table still say it all.
    const context = canvas.current?.getContext('2d');
    if (!context) return;
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    const chart = new Chart(context, {
      type: 'bar',
      data: {
        labels: points.map((p) => p.day),
        datasets: [{ data: points.map((p) => p.amount), backgroundColor: '#1e3a8a', maxBarThickness: 48 }],
      },
      options: {
        responsive: true,
        // The container fixes the height (see .report-chart): a phone gets a readable chart, not a sliver.
        maintainAspectRatio: false,
        animation: reduceMotion ? false : { duration: 300 },
        scales: {
          x: {
            grid: { display: false },
            ticks: {
              autoSkip: true,
              maxTicksLimit: 8,
              maxRotation: 0,
              callback(value) {
                return formatShortDay(this.getLabelForValue(Number(value)));
              },
            },
          },
          y: {
            beginAtZero: true,
            ticks: { maxTicksLimit: 6, callback: (value) => compactDollars.format(Number(value)) },
          },
        },
        plugins: {
          tooltip: {
            callbacks: {
              title: (items) => formatCalendarDay(items[0]?.label ?? ''),
              label: (item) => {
                const point = points[item.dataIndex];
                return point ? `${formatDollars(point.amount)} (${donationCount(point.count)})` : '';
              },
            },
          },
        },
      },
    });
    return () => chart.destroy();
  }, [points]);

  return (
    <canvas ref={canvas} role="img" aria-label={label}>
      {label}
    </canvas>
  );
}
