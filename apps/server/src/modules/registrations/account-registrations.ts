/**
 * A visitor's own event registrations for their dashboard (GET /auth/activity, wired in
 * register-modules.ts), newest first, each with its session, its state and its people in the form's
 * order.
 */
import type { AccountActivity } from '@store/shared/auth';
import { REGISTRATION_STATUSES, type RegistrationStatus } from '@store/shared/event-sessions';
import { formatRegistrationNumber } from '@store/shared/registration';
import type { Site } from '@store/shared/site';
import { desc, eq } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { type AccountOwner, ownedBy } from '#src/db/owned-by';
import { centerNameOf } from '#src/modules/event-sessions/center-name';
import { eventSessions } from '#src/modules/event-sessions/tables';
import { registrantName } from './registrant-format';
import { registrantsOf } from './registration-repo';
import { registrations } from './tables';

/** The table's CHECK holds it to these; anything else would be a row written around the code. */
function statusOf(status: string): RegistrationStatus {
  const known = REGISTRATION_STATUSES.find((s) => s === status);
  if (!known) throw new Error(`unknown registration status ${status}`);
  return known;
}

export async function listAccountRegistrations(
  db: Database,
  site: Pick<Site, 'centers'>,
  owner: AccountOwner,
  limit: number,
): Promise<AccountActivity['registrations']> {
  const rows = await db
    .select({
      id: registrations.id,
      number: registrations.number,
      createdAt: registrations.createdAt,
      status: registrations.status,
      session: {
        centerId: eventSessions.centerId,
        hall: eventSessions.hall,
        startsAt: eventSessions.startsAt,
        timeZone: eventSessions.timeZone,
      },
    })
    .from(registrations)
    .leftJoin(eventSessions, eq(eventSessions.id, registrations.sessionId))
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
    session: registration.session && {
      centerName: centerNameOf(site, registration.session.centerId),
      hall: registration.session.hall,
      startsAt: registration.session.startsAt.toISOString(),
      timeZone: registration.session.timeZone,
    },
    status: statusOf(registration.status),
  }));
}
