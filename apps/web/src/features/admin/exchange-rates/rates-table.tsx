/** The days of the list, newest first, with each currency's rate and where it came from. */
import type { Currency } from '@store/shared/currencies';
import { daysDescending, type ExchangeRate, type ExchangeRatesResponse } from '@store/shared/exchange-rates';
import { type DataColumn, DataTable } from '#src/components/data-table';

const SOURCE_LABELS: Record<ExchangeRate['source'], string> = { feed: 'feed', staff: 'entered' };

type Day = { day: string; rates: Map<string, ExchangeRate> };

function rateCell(rate: ExchangeRate | undefined): string {
  // A day without its own rate is counted at the week before's (the server's fallback), or waits.
  return rate ? `${rate.rate} (${SOURCE_LABELS[rate.source]})` : '—';
}

export function RatesTable({ list, titleId }: { list: ExchangeRatesResponse; titleId: string }) {
  const byDay = new Map<string, Map<string, ExchangeRate>>();
  for (const rate of list.rates) {
    const day = byDay.get(rate.day) ?? new Map<string, ExchangeRate>();
    day.set(rate.currency, rate);
    byDay.set(rate.day, day);
  }
  const rows: Day[] = daysDescending(list.from, list.to).map((day) => ({ day, rates: byDay.get(day) ?? new Map() }));
  const columns: DataColumn<Day>[] = [
    { header: 'Day', cell: (row) => row.day, rowHeader: true, className: 'report-table__day' },
    ...list.currencies.map(
      (currency: Currency): DataColumn<Day> => ({
        header: `${list.homeCurrency} per ${currency}`,
        cell: (row) => rateCell(row.rates.get(currency)),
        className: 'report-table__number',
      }),
    ),
  ];
  return (
    <DataTable<Day>
      rows={rows}
      rowKey={(row) => row.day}
      scrollLabel="Exchange rates table"
      name={{ labelledBy: titleId }}
      columns={columns}
    />
  );
}
