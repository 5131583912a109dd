/**
 * A visitor's own event registrations for their dashboard (GET /auth/activity, wired in
 * register-modules.ts), newest first, each with its people in the form's order.
 */
import type { AccountActivity } from '@store/shared/auth';
import { formatRegistrationNumber } from '@store/shared/registration';
import { asc, desc, inArray } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { type AccountOwner, ownedBy } from '#src/db/owned-by';
import { registrants, registrations } from './tables';

type ListedRegistration = AccountActivity['registrations'][number];

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
    // (registration, position) is unique: a total order.
    .orderBy(asc(registrants.registrationId), asc(registrants.position));
  const byRegistration = new Map<string, ListedRegistration['registrants']>();
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
