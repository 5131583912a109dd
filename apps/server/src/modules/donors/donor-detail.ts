/**
 * One donor's page (issue 21): every address of theirs (the kept one and those merged into it),
 * totals per calendar year in the foundation's zone (net of refunds, with the deductible part as
 * the latest receipt says it), their newest 200 gifts, and their event registrations.
 */

import type { donorDetailSchema } from '@store/shared/staff';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '#src/db/client';
import { AppError } from '#src/errors/app-error';
import { orderColumns, toStaffOrder } from '#src/modules/checkout/staff-order-row';
import { orders } from '#src/modules/ledger/index';
import { registrants, registrations } from '#src/modules/registrations/tables';
import { donorAliases } from './tables';

export const DONOR_GIFT_LIMIT = 200;
type DonorDetail = z.infer<typeof donorDetailSchema>;

/** The kept address a given one stands for (itself unless merged). */
export async function primaryEmailOf(db: Pick<Database, 'select'>, email: string): Promise<string> {
  const lowered = email.toLowerCase();
  const [alias] = await db
    .select({ primary: donorAliases.primaryEmail })
    .from(donorAliases)
    .where(eq(donorAliases.email, lowered));
  return alias?.primary ?? lowered;
}

export async function addressesOf(db: Pick<Database, 'select'>, primary: string): Promise<string[]> {
  const aliases = await db
    .select({ email: donorAliases.email })
    .from(donorAliases)
    .where(eq(donorAliases.primaryEmail, primary));
  return [primary, ...aliases.map((a) => a.email).sort()];
}

const iso = (column: unknown) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A donor's monthly gifts by their addresses (issue 22). Injected where the modules are registered:
 * the back office's monthly gifts module reads the report's cursor, and the report reads this
 * module (statements), so donors may not import it.
 */
export type MonthlyGiftsOf = (emails: readonly string[]) => Promise<DonorDetail['monthlyGifts']>;

export async function donorDetail(
  db: Database,
  email: string,
  timeZone: string,
  monthlyGiftsOf?: MonthlyGiftsOf,
): Promise<DonorDetail> {
  const primary = await primaryEmailOf(db, email);
  const addresses = await addressesOf(db, primary);
  const mine = inArray(sql`lower(${orders.email})`, addresses);
  const paid = sql`${orders.status} = 'succeeded'`;
  const rows = await db
    .select(orderColumns)
    .from(orders)
    .where(sql`${mine} and ${paid}`)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(DONOR_GIFT_LIMIT);
  const gifts = rows.map(toStaffOrder);
  const year = sql<number>`extract(year from ${orders.createdAt} at time zone ${timeZone})::int`;
  // The order's deductible part follows its latest corrected or void receipt (correct-receipt.ts).
  const deductible = sql<number>`coalesce(${orders.deductibleCents}, 0)`;
  // Per year and currency: each currency's sums in its own money; the home sum for the donor's total.
  const totals = await db
    .select({
      year,
      currency: orders.currency,
      count: sql<number>`count(*)::int`,
      totalCents: sql<number>`sum(${orders.amountCents} - ${orders.refundedCents})`,
      deductibleCents: sql<number>`sum(${deductible})`,
      homeCents: sql<number>`sum(round((${orders.amountCents} - ${orders.refundedCents}) * coalesce(${orders.homeRate}, 0)))`,
    })
    .from(orders)
    .where(sql`${mine} and ${paid}`)
    // By position: the zone is a parameter, and `$1` and `$3` are not the same expression to PostgreSQL.
    .groupBy(sql`1`, sql`2`)
    .orderBy(sql`1 desc`, sql`2`);
  const registered = await db
    .select({
      id: registrations.id,
      createdAt: iso(registrations.createdAt),
      // Spelled with the table names: inside a select list Drizzle writes columns unqualified.
      people: sql<number>`(select count(*) from ${registrants} as r where r.registration_id = ${registrations}.id)::int`,
    })
    .from(registrations)
    .where(inArray(sql`lower(${registrations.email})`, addresses))
    .orderBy(desc(registrations.createdAt));
  // Issue 22: their monthly gifts, by any of their addresses.
  const monthlyGifts = monthlyGiftsOf ? await monthlyGiftsOf(addresses) : [];
  if (gifts.length === 0 && registered.length === 0) {
    throw new AppError('not_found', `No donor with the e-mail ${email}.`, {
      fields: { email: 'No gifts or registrations with this e-mail' },
    });
  }
  const newest = gifts[0];
  return {
    email: primary,
    name: newest ? `${newest.firstName} ${newest.lastName}` : primary,
    giftCount: totals.reduce((sum, t) => sum + Number(t.count), 0),
    totalCents: totals.reduce((sum, t) => sum + Number(t.homeCents), 0),
    lastGiftAt: newest ? (newest.receivedOn ?? newest.createdAt) : null,
    aliases: addresses.slice(1),
    totalsByYear: totals.map((t) => ({
      year: Number(t.year),
      currency: t.currency,
      totalCents: Number(t.totalCents),
      deductibleCents: Number(t.deductibleCents),
    })),
    gifts,
    registrations: registered.map((r) => ({ id: r.id, createdAt: r.createdAt, people: Number(r.people) })),
    monthlyGifts,
  };
}
