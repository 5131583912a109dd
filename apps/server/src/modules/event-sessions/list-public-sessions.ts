/**
 * The sessions a family may choose on /registration: open (not archived, not yet started), soonest
 * first, with places left overall and per capped category and the length of the waiting line. ONE
 * query: the waiting count is a correlated count on (session_id, status, waitlist_rank)'s index, so
 * the list costs the same with 20,000 registrants as with none.
 */
import { type PublicSession, sessionAvailability } from '@store/shared/event-sessions';
import type { Site } from '@store/shared/site';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { centerNameOf } from './center-name';
import { placesLeftOf } from './places';
import { eventSessions } from './tables';

export async function listPublicSessions(
  db: Pick<Database, 'select'>,
  site: Pick<Site, 'centers'>,
  now: Date = new Date(),
): Promise<PublicSession[]> {
  const s = eventSessions;
  const rows = await db
    .select({
      session: s,
      // Not the registrations table's Drizzle object: event-sessions sits below registrations. The
      // session's id is written out whole: Drizzle's bare "id" would name the registration's.
      waitingFamilies: sql<number>`(select count(*) from registrations r where r.session_id = "event_sessions"."id" and r.status = 'waiting')::int`,
    })
    .from(s)
    .where(and(eq(s.archived, false), gt(s.startsAt, now)))
    .orderBy(asc(s.startsAt), asc(s.id));
  return rows.map(({ session, waitingFamilies }) => {
    const left = placesLeftOf(session);
    return {
      id: session.id,
      centerId: session.centerId,
      centerName: centerNameOf(site, session.centerId),
      hall: session.hall,
      address: session.address,
      startsAt: session.startsAt.toISOString(),
      timeZone: session.timeZone,
      capacity: session.capacity,
      placesLeft: left.placesLeft,
      categoryPlacesLeft: { Memorization: left.memorization, 'Fluent Reading': left.fluentReading },
      availability: sessionAvailability(left.placesLeft, session.capacity),
      waitingFamilies: Number(waitingFamilies),
    };
  });
}
