/**
 * GET {auth}/activity: the signed-in donor's own donations (with the receipt number printed on the
 * e-mailed receipt) and event registrations, for /dashboard.
 *
 * Whose they are: those filed under the account (orders.user_id, registrations.user_id: made while
 * signed in), plus, once the account's e-mail is verified (Google vouched for it), those made with
 * that e-mail while signed out. An unverified e-mail proves nothing: anyone can register with
 * someone else's address, so it must not open that person's history.
 */
import type { AccountActivity } from '@store/shared/auth';
import { formatRegistrationNumber } from '@store/shared/registration';
import type { Site } from '@store/shared/site';
import { and, asc, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { receiptNumber } from '../mail/receipt';
import { orders } from '../orders/tables';
import { registrants, registrations } from '../registrations/tables';
import { productsText } from '../report/donor-rows';
import { sameEmail, type User } from './user-repo';

/** The newest this many of each: a dashboard list, not an archive (the receipts are in the mailbox). */
export const ACTIVITY_LIMIT = 200;

function ownedBy(user: User, userIdColumn: AnyPgColumn, emailColumn: AnyPgColumn): SQL {
  const byAccount = eq(userIdColumn, user.id);
  if (!user.emailVerified) return byAccount;
  return or(byAccount, sameEmail(emailColumn, user.email)) ?? byAccount;
}

async function donations(db: Database, site: Site, user: User): Promise<AccountActivity['donations']> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.status, 'succeeded'), ownedBy(user, orders.userId, orders.email)))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(ACTIVITY_LIMIT);
  return rows.map((order) => ({
    orderId: order.id,
    receiptNumber: receiptNumber(order, site.foundation.timeZone),
    date: order.createdAt.toISOString(),
    center: order.centerName,
    amount: order.amountCents / 100,
    products: productsText(order.products),
    transactionId: order.transactionId ?? '',
  }));
}

async function eventRegistrations(db: Database, user: User): Promise<AccountActivity['registrations']> {
  const rows = await db
    .select({ id: registrations.id, number: registrations.number, createdAt: registrations.createdAt })
    .from(registrations)
    .where(ownedBy(user, registrations.userId, registrations.email))
    .orderBy(desc(registrations.createdAt), desc(registrations.id))
    .limit(ACTIVITY_LIMIT);
  if (rows.length === 0) return [];
  const people = await db
    .select({
      registrationId: registrants.registrationId,
      firstName: registrants.firstName,
      lastName: registrants.lastName,
      age: registrants.age,
      category: registrants.category,
    })
    .from(registrants)
    .where(
      inArray(
        registrants.registrationId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(registrants.position));
  const byRegistration = new Map<string, AccountActivity['registrations'][number]['registrants']>();
  for (const p of people) {
    const list = byRegistration.get(p.registrationId) ?? [];
    list.push({ name: `${p.firstName} ${p.lastName}`.trim(), age: p.age, category: p.category });
    byRegistration.set(p.registrationId, list);
  }
  return rows.map((registration) => ({
    registrationNumber: formatRegistrationNumber(registration.number),
    date: registration.createdAt.toISOString(),
    registrants: byRegistration.get(registration.id) ?? [],
  }));
}

export async function accountActivity(db: Database, site: Site, user: User): Promise<AccountActivity> {
  const [d, r] = await Promise.all([donations(db, site, user), eventRegistrations(db, user)]);
  return { donations: d, registrations: r };
}
