/**
 * A donor's gifts of one calendar year, in the foundation's zone (a gift at 11 pm on 31 December
 * counts in that year, as its receipt's number does): succeeded orders that moved money (not test
 * orders). By e-mail for the treasurer's run, by account (its own orders and, once its e-mail is
 * verified, those made with it while signed out: db/owned-by.ts) for the dashboard.
 */

import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { type AccountOwner, ownedBy } from '#src/db/owned-by';
import { givenByDonor } from '#src/modules/donors/donor-key';
import { orders, receiptCorrections } from '#src/modules/ledger/index';
import { type EmployerMatchOfGift, employerMatchesOf } from './employer-matches';

type Order = typeof orders.$inferSelect;
type Correction = typeof receiptCorrections.$inferSelect;

/**
 * A paid order and its latest corrected receipt, if a refund corrected it (checkout/correct-receipt.ts),
 * and the employer's payment matching it, if one was recorded (listed under it, not the donor's).
 */
export type YearGift = Order & { correction: Correction | null; employerMatch?: EmployerMatchOfGift | undefined };

/** Whose gifts: everything given with an e-mail, or an account's own. */
export type Giver = { email: string } | { owner: AccountOwner };

/** `created_at` within the calendar year `year` of `timeZone`: its local midnights as instants. */
export function inCalendarYear(year: number, timeZone: string): SQL {
  const start = sql`(make_timestamp(${year}, 1, 1, 0, 0, 0) at time zone ${timeZone})`;
  const end = sql`(make_timestamp(${year + 1}, 1, 1, 0, 0, 0) at time zone ${timeZone})`;
  return sql`${orders.createdAt} >= ${start} and ${orders.createdAt} < ${end}`;
}

/**
 * A paid gift that moved money, and the donor's: an employer's match carries the donor's
 * name and e-mail but is the employer's gift, shown beside the gift it matched (listYearGifts).
 */
export const countsForStatements = and(
  eq(orders.status, 'succeeded'),
  eq(orders.test, false),
  isNull(orders.matchesOrderId),
);

function giverCondition(giver: Giver): SQL {
  return 'email' in giver ? givenByDonor(orders.email, giver.email) : ownedBy(giver.owner, orders.userId, orders.email);
}

/**
 * The year's gifts, each with its latest corrected receipt; a gift whose receipt was voided (refunded
 * in full) is left out: nothing of it was given.
 */
export async function listYearGifts(db: Database, giver: Giver, year: number, timeZone: string): Promise<YearGift[]> {
  const paid = await db
    .select()
    .from(orders)
    .where(and(countsForStatements, giverCondition(giver), inCalendarYear(year, timeZone)))
    .orderBy(asc(orders.createdAt), asc(orders.id));
  const gifts = (await withLatestCorrections(db, paid)).filter((gift) => !isRefundedInFull(gift));
  const matches = await employerMatchesOf(
    db,
    gifts.filter((gift) => gift.matchingEmployer !== null).map((gift) => gift.id),
  );
  return gifts.map((gift) => (matches.has(gift.id) ? { ...gift, employerMatch: matches.get(gift.id) } : gift));
}

/** A voided receipt: the gift was refunded in full (or an offline gift voided), and a void is final. */
export function isRefundedInFull(gift: { correction: Correction | null }): boolean {
  return gift.correction?.kind === 'void';
}

const CORRECTIONS_SLICE = 1000;

/** `gifts`, each with its latest corrected receipt (null when none was corrected). */
export async function withLatestCorrections<T extends Order>(
  db: Database,
  gifts: readonly T[],
): Promise<(T & { correction: Correction | null })[]> {
  const latest = new Map<string, Correction>();
  // In slices: a whole year's gifts (the treasurer's preview) would pass PostgreSQL's parameter limit.
  for (let from = 0; from < gifts.length; from += CORRECTIONS_SLICE) {
    const ids = gifts.slice(from, from + CORRECTIONS_SLICE).map((o) => o.id);
    const corrections = await db
      .select()
      .from(receiptCorrections)
      .where(inArray(receiptCorrections.orderId, ids))
      .orderBy(desc(receiptCorrections.version));
    for (const c of corrections) if (!latest.has(c.orderId)) latest.set(c.orderId, c);
  }
  return gifts.map((order) => ({ ...order, correction: latest.get(order.id) ?? null }));
}

/** A gift whose receipt stands: not voided (void is final, so any void correction decides). */
export const notVoided = sql`not exists (select 1 from ${receiptCorrections} where ${receiptCorrections.orderId} = ${orders.id} and ${receiptCorrections.kind} = 'void')`;

/** The calendar years an account gave in, newest first: one statement each on its dashboard. */
export async function listGivingYears(db: Database, owner: AccountOwner, timeZone: string): Promise<number[]> {
  const year = sql<number>`extract(year from ${orders.createdAt} at time zone ${timeZone})::int`;
  const rows = await db
    .selectDistinct({ year })
    .from(orders)
    .where(and(countsForStatements, ownedBy(owner, orders.userId, orders.email)))
    .orderBy(sql`1 desc`);
  return rows.map((r) => Number(r.year));
}

/**
 * An account's statements: each calendar year and entity it gave to (less gifts refunded in full),
 * newest year first; the caller orders each year's entities.
 */
export async function listStatementEntities(
  db: Database,
  owner: AccountOwner,
  timeZone: string,
): Promise<{ year: number; entityKey: string }[]> {
  const year = sql<number>`extract(year from ${orders.createdAt} at time zone ${timeZone})::int`;
  const rows = await db
    .selectDistinct({ year, entityKey: orders.entityKey })
    .from(orders)
    .where(and(countsForStatements, notVoided, ownedBy(owner, orders.userId, orders.email)))
    .orderBy(sql`1 desc`, sql`2`);
  return rows.map((r) => ({ year: Number(r.year), entityKey: r.entityKey }));
}
