/**
 * Receipt numbers (issue 20): `2026-000123`, sequential per calendar year of the foundation's zone,
 * with an optional prefix from site.json. The settlement takes the next number in its own statement
 * (`takeReceiptNumber`), so a number belongs to a paid order or to nobody: no gaps, no reuse.
 * Orders settled before issue 20 keep the number their receipt was sent with (`legacyReceiptNumber`).
 */
import { type SQL, sql } from 'drizzle-orm';
import { cachedFormat } from '#src/modules/mail/date-format';
import { receiptCounters } from './receipt-counters';

const yearFormat = cachedFormat({ year: 'numeric' });
const dayFormat = cachedFormat({ year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar year of an instant in the foundation's zone: a gift at 11 pm on 31 December is that year's. */
export function receiptYear(date: Date, timeZone: string): number {
  return Number(yearFormat(timeZone).format(date));
}

/** The digits of the number within its year: `000123` (written by the settlement's SQL). */
export const RECEIPT_SEQ_DIGITS = 6;

function datePart(parts: Intl.DateTimeFormatPart[], type: Intl.DateTimeFormatPartTypes): string {
  return parts.find((p) => p.type === type)?.value ?? '';
}

/** `R-20261121-1A2B3C`: the number receipts carried before issue 20, kept on those orders. */
export function legacyReceiptNumber(order: { id: string; createdAt: Date }, timeZone: string): string {
  const parts = dayFormat(timeZone).formatToParts(order.createdAt);
  const day = `${datePart(parts, 'year')}${datePart(parts, 'month')}${datePart(parts, 'day')}`;
  return `R-${day}-${order.id.replace(/-/g, '').slice(0, 6).toUpperCase()}`;
}

/** An order's receipt number: the one it was given, or the legacy one. */
export function receiptNumberOf(
  order: { id: string; createdAt: Date; receiptNumber: string | null },
  timeZone: string,
): string {
  return order.receiptNumber ?? legacyReceiptNumber(order, timeZone);
}

/**
 * The next number of a year, for a WITH clause: adds 1 to the year's counter (or starts it at 1)
 * once per row of `forRows`, which must yield at most one row (the order being settled, locked).
 * The counter's row lock is held until the settlement commits, so two settlements take numbers one
 * after the other; a settlement that rolls back gives its number back with everything else.
 * Returns `last`, the number taken. `year`: the placeholder `receiptYear` unless another is given.
 */
export function takeReceiptNumber(
  forRows: SQL,
  year: SQL = sql`${sql.placeholder('receiptYear')}::int`,
  series: SQL = sql`${sql.placeholder('receiptSeries')}::text`,
): SQL {
  const c = receiptCounters;
  const [seriesColumn, yearColumn, lastColumn] = [c.series, c.year, c.last].map((col) => sql.identifier(col.name));
  return sql`insert into ${c} (${seriesColumn}, ${yearColumn}, ${lastColumn})
    select ${series}, ${year}, 1 from ${forRows}
    on conflict (${seriesColumn}, ${yearColumn}) do update set ${lastColumn} = ${c}.${lastColumn} + 1
    returning ${lastColumn}`;
}

/**
 * What numbering needs of site.json: the prefix of every number, each entity's own prefix (its
 * series: 'CA-' makes `CA-2026-000001`), and the zone whose calendar year a gift falls in.
 */
export type ReceiptSettings = {
  prefix: string;
  timeZone: string;
  /** By entity key (site.json `entities`): every entity that takes gifts must be named. */
  entityPrefixes: Readonly<Record<string, string>>;
};

export function receiptSettings(site: {
  foundation: { timeZone: string };
  taxReceipts: { numberPrefix: string };
  entities: readonly { key: string; receiptPrefix: string }[];
}): ReceiptSettings {
  return {
    prefix: site.taxReceipts.numberPrefix,
    timeZone: site.foundation.timeZone,
    entityPrefixes: Object.fromEntries(site.entities.map((e) => [e.key, e.receiptPrefix])),
  };
}

/** The series an entity's receipts are numbered in, and the text before the year of each number. */
export function receiptSeries(receipts: ReceiptSettings, entityKey: string): { series: string; prefix: string } {
  const own = receipts.entityPrefixes[entityKey];
  // An order of an entity no longer configured cannot be given a number that might be another's.
  if (own === undefined) throw new Error(`no receipt series for entity ${entityKey} in site.json entities`);
  return { series: entityKey, prefix: `${receipts.prefix}${own}` };
}
