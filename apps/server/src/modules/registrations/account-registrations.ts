/**
 * A visitor's own event registrations for their dashboard (GET /auth/activity, wired in
 * register-modules.ts), newest first, each with its people in the form's order.
 */
import type { AccountActivity } from '@store/shared/auth';
import { formatRegistrationNumber } from '@store/shared/registration';
import { desc } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { type AccountOwner, ownedBy } from '#src/db/owned-by';
import { registrantName } from './registrant-format';
import { registrantsOf } from './registration-repo';
import { registrations } from './tables';

export async function listAccountRegistrations(
  db: Database,
  owner: AccountOwner,
  limit: number,
): Promise<AccountActivity['registrations']> {
  const rows = await db
    .select({ id: registrations.id, number: registrations.number, createdAt: registrations.createdAt })
    .from(registrations)
    .where(ownedBy(owner, registrations.userId, registrations.email))
    .orderBy(desc(registrations.createdAt), desc(registrations.id))
    .limit(limit);
  if (rows.length === 0) return [];
  const people = await registrantsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((registration) => ({
    registrationNumber: formatRegistrationNumber(registration.number),
    date: registration.createdAt.toISOString(),
    registrants: (people.get(registration.id) ?? []).map((p) => ({
      name: registrantName(p),
      age: p.age,
      category: p.category,
    })),
  }));
}
