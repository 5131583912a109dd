/**
 * An offline gift's order (cash, a cheque, a bank transfer staff recorded): paid when it is written,
 * so it takes its receipt number then, from its entity's series counter, in the caller's transaction
 * (with its mail and audit line): a transaction that rolls back gives its number back, so the series
 * keeps no gap.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import type { NewOrder } from './orders';
import { receiptCounters } from './receipt-counters';
import { RECEIPT_SEQ_DIGITS } from './receipt-number';
import { orders } from './tables';

/** The order as the flow writes it (a column may be SQL: the date received), less its number. */
export type OfflineOrderValues = Omit<
  { [K in keyof NewOrder]: NewOrder[K] | SQL },
  'receiptYear' | 'receiptSeq' | 'receiptNumber'
>;

/** The series to number in (receipt-number.ts `receiptSeries`), and the year the gift falls in. */
export type OfflineReceiptSeries = { series: string; prefix: string; year: number };

/** Inserts the order with the next number of its series and year; returns that number. */
export async function insertNumberedOfflineOrder(
  tx: Pick<Database, 'insert'>,
  values: OfflineOrderValues,
  { series, prefix, year }: OfflineReceiptSeries,
): Promise<string> {
  const [counter] = await tx
    .insert(receiptCounters)
    .values({ series, year, last: 1 })
    .onConflictDoUpdate({
      target: [receiptCounters.series, receiptCounters.year],
      set: { last: sql`${receiptCounters.last} + 1` },
    })
    .returning({ last: receiptCounters.last });
  if (!counter) throw new Error('no receipt number was taken');
  const receiptNumber = `${prefix}${year}-${String(counter.last).padStart(RECEIPT_SEQ_DIGITS, '0')}`;
  await tx.insert(orders).values({ ...values, receiptYear: year, receiptSeq: counter.last, receiptNumber });
  return receiptNumber;
}
