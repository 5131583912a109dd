/**
 * Sessions with their figures in ONE query: the sessions, left-joined to one aggregate over their
 * live registrations' people, grouped by session. Never a query per session: the list stays one
 * round trip however many centers hold the event, and the aggregate reads each live registrant once
 * through registrations(session_id, status) and registrants(registration_id, position).
 *
 * A cancelled registrant (cancelled_at set) counts nowhere; a cancelled or lapsed registration
 * neither. Minors, adults and the categories count the registered people only.
 */
import { ADULT_AGE, CATEGORIES } from '@store/shared/registration-rules';
import type { SessionFigures } from '@store/shared/staff-event-sessions';
import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { placesLeftOf } from '#src/modules/event-sessions/places';
import { type EventSession, eventSessions } from '#src/modules/event-sessions/tables';
import { registrants, registrations } from '#src/modules/registrations/tables';

const LIVE_STATUSES = ['registered', 'waiting', 'offered'];

function counted(condition: SQL, alias: string) {
  return sql<string>`count(*) filter (where ${condition})`.as(alias);
}
function families(condition: SQL, alias: string) {
  return sql<string>`count(distinct ${registrations.id}) filter (where ${condition})`.as(alias);
}

export type SessionWithFigures = EventSession & { figures: SessionFigures };

/** Every session (of one center, or one session), in start order, with its figures. */
export async function readSessionsWithFigures(
  db: Database,
  where: { centerId?: number | undefined; sessionId?: number | undefined } = {},
): Promise<SessionWithFigures[]> {
  const r = registrations;
  const registered = sql`${r.status} = 'registered'`;
  const waiting = sql`${r.status} = 'waiting'`;
  const offered = sql`${r.status} = 'offered'`;
  const aggregate = db
    .select({
      sessionId: r.sessionId,
      registered: counted(registered, 'registered'),
      minors: counted(sql`${registered} and ${registrants.age} < ${ADULT_AGE}`, 'minors'),
      adults: counted(sql`${registered} and ${registrants.age} >= ${ADULT_AGE}`, 'adults'),
      memorization: counted(sql`${registered} and ${registrants.category} = ${CATEGORIES[0]}`, 'memorization'),
      fluentReading: counted(sql`${registered} and ${registrants.category} = ${CATEGORIES[1]}`, 'fluent_reading'),
      waitingPeople: counted(waiting, 'waiting_people'),
      waitingFamilies: families(waiting, 'waiting_families'),
      offeredPeople: counted(offered, 'offered_people'),
      offeredFamilies: families(offered, 'offered_families'),
    })
    .from(r)
    .innerJoin(registrants, and(eq(registrants.registrationId, r.id), isNull(registrants.cancelledAt)))
    .where(
      and(
        inArray(r.status, LIVE_STATUSES),
        where.sessionId === undefined ? sql`${r.sessionId} is not null` : eq(r.sessionId, where.sessionId),
      ),
    )
    .groupBy(r.sessionId)
    .as('figures');
  const s = eventSessions;
  const rows = await db
    .select({
      session: s,
      registered: aggregate.registered,
      minors: aggregate.minors,
      adults: aggregate.adults,
      memorization: aggregate.memorization,
      fluentReading: aggregate.fluentReading,
      waitingPeople: aggregate.waitingPeople,
      waitingFamilies: aggregate.waitingFamilies,
      offeredPeople: aggregate.offeredPeople,
      offeredFamilies: aggregate.offeredFamilies,
    })
    .from(s)
    .leftJoin(aggregate, eq(aggregate.sessionId, s.id))
    .where(
      and(
        where.centerId === undefined ? undefined : eq(s.centerId, where.centerId),
        where.sessionId === undefined ? undefined : eq(s.id, where.sessionId),
      ),
    )
    .orderBy(asc(s.startsAt), asc(s.centerId), asc(s.id));
  // Counts arrive as text from PostgreSQL's bigint; a session nobody registered for has no aggregate row.
  const n = (value: string | number | null | undefined) => Number(value ?? 0);
  return rows.map(({ session, ...figures }) => ({
    ...session,
    figures: {
      registered: n(figures.registered),
      placesLeft: placesLeftOf(session).placesLeft,
      waitingFamilies: n(figures.waitingFamilies),
      waitingPeople: n(figures.waitingPeople),
      offeredFamilies: n(figures.offeredFamilies),
      offeredPeople: n(figures.offeredPeople),
      minors: n(figures.minors),
      adults: n(figures.adults),
      memorization: n(figures.memorization),
      fluentReading: n(figures.fluentReading),
    },
  }));
}
