/**
 * A page of monthly gifts for the back office (issue 22), newest first by (created_at, id) keyset,
 * narrowed by status, a search (contains, any case, in "first last" or the e-mail) and a volunteer's
 * center. 'starting' gifts (a checkout in flight) are never listed.
 *
 * monthly_gifts has one row per gift, so the filters scan it; the per-row extras (the last paid
 * charge, whether the donor has a page) are index lookups for the page's rows only: the billing
 * charges through `orders_monthly_gift_idx`, the donor's paid orders through `orders_email_idx`.
 */
import type { StaffMonthlyGift, StaffMonthlyGiftQuery } from '@store/shared/staff-monthly-gifts';
import { and, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '#src/db/client';
import { containsPattern } from '#src/db/contains-pattern';
import { orders } from '#src/modules/ledger/index';
import { monthlyGifts } from '#src/modules/monthly-giving/tables';
import { encodeCursor, type PagePosition } from '#src/modules/report/cursor';

export const MONTHLY_GIFTS_PAGE_SIZE = 50;

export type ListStaffMonthlyGiftsOptions = Pick<StaffMonthlyGiftQuery, 'status' | 'q'> & {
  after?: PagePosition | undefined;
  /** A volunteer's own center: nothing outside it is read. */
  centerScope?: number | undefined;
  /** One donor's gifts: their addresses, lower case (the donor's page). */
  emails?: readonly string[] | undefined;
};

/** UTC ISO 8601 with microseconds: the cursor's precision (a JS Date would round to milliseconds). */
const exactInstant = (column: SQL | typeof monthlyGifts.createdAt) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export async function listStaffMonthlyGifts(
  db: Database,
  options: ListStaffMonthlyGiftsOptions,
): Promise<{ gifts: StaffMonthlyGift[]; nextCursor: string | null }> {
  const g = monthlyGifts;
  const conditions: SQL[] = [ne(g.status, 'starting')];
  if (options.centerScope !== undefined) conditions.push(eq(g.centerId, options.centerScope));
  if (options.status) conditions.push(eq(g.status, options.status));
  if (options.emails) conditions.push(inArray(sql`lower(${g.email})`, [...options.emails]));
  if (options.q) {
    const pattern = containsPattern(options.q);
    conditions.push(sql`((${g.firstName} || ' ' || ${g.lastName}) ilike ${pattern} or ${g.email} ilike ${pattern})`);
  }
  if (options.after) {
    conditions.push(
      sql`(${g.createdAt}, ${g.id}) < (${options.after.createdAt}::timestamptz, ${options.after.id}::uuid)`,
    );
  }
  // The latest paid charge: a billing run's (by the partial index on monthly_gift_id) or the
  // checkout's that paid the first month; greatest() skips the null of whichever there is not.
  // Inside a select list Drizzle writes columns unqualified, so the gift's are spelled with its table.
  const gift = (column: AnyPgColumn) => sql`${g}.${sql.identifier(column.name)}`;
  const lastChargeAt = sql`greatest(
    (select max(c.created_at) from ${orders} as c where c.monthly_gift_id = ${gift(g.id)} and c.status = 'succeeded'),
    (select f.created_at from ${orders} as f where f.id = ${gift(g.firstOrderId)} and f.status = 'succeeded'))`;
  const hasDonorPage = sql<boolean>`exists (select 1 from ${orders} as d
    where lower(d.email) = lower(${gift(g.email)}) and d.status = 'succeeded')`;
  // One row more than shown tells whether another page exists, without counting.
  const rows = await db
    .select({
      id: g.id,
      status: g.status,
      pausedReason: g.pausedReason,
      amountCents: g.amountCents,
      itemName: sql<string>`${g.product} ->> 'name'`,
      centerId: g.centerId,
      centerName: g.centerName,
      firstName: g.firstName,
      lastName: g.lastName,
      email: g.email,
      billingDay: g.billingDay,
      nextChargeOn: g.nextChargeOn,
      failedAttempts: g.failedAttempts,
      lastChargeAt: sql<string | null>`to_char(${lastChargeAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
      createdAt: exactInstant(g.createdAt),
      hasDonorPage,
    })
    .from(g)
    .where(and(...conditions))
    .orderBy(desc(g.createdAt), desc(g.id))
    .limit(MONTHLY_GIFTS_PAGE_SIZE + 1);
  const page = rows.slice(0, MONTHLY_GIFTS_PAGE_SIZE);
  const last = page.at(-1);
  const nextCursor =
    rows.length > MONTHLY_GIFTS_PAGE_SIZE && last ? encodeCursor({ createdAt: last.createdAt, id: last.id }) : null;
  return {
    gifts: page.map((row) => {
      // 'starting' is filtered out above; the type cannot know it.
      const status = row.status === 'starting' ? 'active' : row.status;
      return {
        id: row.id,
        status,
        pausedReason: row.pausedReason,
        amount: row.amountCents / 100,
        itemName: row.itemName,
        centerId: row.centerId,
        centerName: row.centerName,
        firstName: row.firstName,
        lastName: row.lastName,
        email: row.email,
        billingDay: row.billingDay,
        // Nothing will be charged while paused or cancelled, whatever the row still holds.
        nextChargeOn: status === 'active' ? row.nextChargeOn : null,
        failedAttempts: row.failedAttempts,
        lastChargeAt: row.lastChargeAt,
        // Milliseconds, the usual ISO shape; the cursor keeps the microseconds.
        createdAt: `${row.createdAt.slice(0, 23)}Z`,
        hasDonorPage: Boolean(row.hasDonorPage),
      };
    }),
    nextCursor,
  };
}
