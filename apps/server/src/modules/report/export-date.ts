/**
 * The CSV's Date cell as the database writes it, for both export paths: the foundation's local date
 * and time to the second (`2026-12-31 23:30:00`), or the day alone (`2026-11-14`) for a gift that has
 * only a date (an offline gift's `received_on`), whose stored instant, noon, is no time anyone gave
 * it. A timestamp cast to text in ISO DateStyle (both paths set it) prints several times faster than
 * to_char formats it (measured, a million rows).
 */
import { type SQL, sql } from 'drizzle-orm';
import { orders } from '#src/modules/ledger/index';

export function exportDateSql(timeZone: string): SQL {
  return sql`coalesce(${orders.receivedOn}, date_trunc('second', ${orders.createdAt} at time zone ${timeZone})::text)`;
}
