/**
 * Reading a family's registration with its session, people and live tickets, the shape every
 * family route starts from. Inside a change's transaction the registration row is locked first
 * (`forUpdate`), so two changes to one family (two tabs, a double click) run one after the other.
 */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { type EventSession, eventSessions } from '#src/modules/event-sessions/tables';
import type { StoredRegistrant } from '#src/modules/registrations/registrant-format';
import type { Registration } from '#src/modules/registrations/registration-repo';
import { registrants, registrations, tickets } from '#src/modules/registrations/tables';

export type FamilyPersonRow = StoredRegistrant & { ticketId: string | null };

export type Family = {
  registration: Registration;
  session: EventSession | null;
  /** In the form's order, cancelled ones included. */
  people: FamilyPersonRow[];
};

export async function loadFamily(
  db: Pick<Database, 'select'>,
  registrationId: string,
  { forUpdate = false }: { forUpdate?: boolean } = {},
): Promise<Family | null> {
  const query = db.select().from(registrations).where(eq(registrations.id, registrationId));
  const [registration] = forUpdate ? await query.for('update') : await query;
  if (!registration) return null;
  const [session] =
    registration.sessionId === null
      ? []
      : await db.select().from(eventSessions).where(eq(eventSessions.id, registration.sessionId));
  const people = await db
    .select()
    .from(registrants)
    .where(eq(registrants.registrationId, registration.id))
    .orderBy(asc(registrants.position));
  const live =
    people.length === 0
      ? []
      : await db
          .select({ id: tickets.id, registrantId: tickets.registrantId })
          .from(tickets)
          .where(
            and(
              inArray(
                tickets.registrantId,
                people.map((p) => p.id),
              ),
              isNull(tickets.revokedAt),
            ),
          );
  const ticketOf = new Map(live.map((t) => [t.registrantId, t.id]));
  return {
    registration,
    session: session ?? null,
    people: people.map((p) => ({ ...p, ticketId: ticketOf.get(p.id) ?? null })),
  };
}

/** The people still in the registration (not cancelled one by one). */
export function livePeople(family: Family): FamilyPersonRow[] {
  return family.people.filter((p) => p.cancelledAt === null);
}
