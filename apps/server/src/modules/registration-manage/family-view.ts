/**
 * What the family's page shows (familyRegistrationSchema): the registration, its place in line or its
 * offer, the session and when changes close, each person with their live ticket, and the sessions the
 * whole family could move to now.
 */
import {
  placeCountsOf,
  REGISTRATION_STATUSES,
  type RegistrationStatus,
  sessionAvailability,
} from '@store/shared/event-sessions';
import type { FamilyRegistration, FamilySession, MoveTarget } from '@store/shared/family-registration';
import { formatRegistrationNumber } from '@store/shared/registration';
import { and, asc, count, eq, gt, inArray, lt, ne } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { placesLeftOf } from '#src/modules/event-sessions/places';
import { type EventSession, eventSessions } from '#src/modules/event-sessions/tables';
import { registrations } from '#src/modules/registrations/tables';
import { waitlistOffers } from '#src/modules/waiting-list/tables';
import { changesCloseAt } from './change-cutoff';
import { type Family, livePeople } from './family-repo';

export type CenterName = (centerId: number) => Promise<string | undefined>;

export type FamilyViewContext = {
  db: Pick<Database, 'select'>;
  centerName: CenterName;
  changeCutoffHours: number;
  now?: Date;
};

async function sessionView(session: EventSession, centerName: CenterName): Promise<FamilySession> {
  return {
    id: session.id,
    centerName: (await centerName(session.centerId)) ?? '',
    hall: session.hall,
    address: session.address,
    startsAt: session.startsAt.toISOString(),
    timeZone: session.timeZone,
  };
}

async function waitingPositionOf(db: Pick<Database, 'select'>, family: Family): Promise<number | null> {
  const { registration } = family;
  if (registration.status !== 'waiting' || registration.sessionId === null || registration.waitlistRank === null)
    return null;
  const [ahead] = await db
    .select({ n: count() })
    .from(registrations)
    .where(
      and(
        eq(registrations.sessionId, registration.sessionId),
        inArray(registrations.status, ['waiting']),
        lt(registrations.waitlistRank, registration.waitlistRank),
      ),
    );
  return (ahead?.n ?? 0) + 1;
}

async function offerExpiryOf(db: Pick<Database, 'select'>, family: Family): Promise<string | null> {
  if (family.registration.status !== 'offered') return null;
  const [offer] = await db
    .select({ expiresAt: waitlistOffers.expiresAt })
    .from(waitlistOffers)
    .where(and(eq(waitlistOffers.registrationId, family.registration.id), eq(waitlistOffers.status, 'open')));
  return offer ? offer.expiresAt.toISOString() : null;
}

/**
 * Open sessions, other than the family's, that start after their own cut-off and have places for
 * everyone still registered (and for each capped category they need).
 */
export async function moveTargetsFor(context: FamilyViewContext, family: Family): Promise<MoveTarget[]> {
  const { db, centerName, changeCutoffHours, now = new Date() } = context;
  const { status, sessionId } = family.registration;
  if (status !== 'registered' && status !== 'waiting') return [];
  const counts = placeCountsOf(livePeople(family));
  if (counts.people === 0) return [];
  const earliest = new Date(now.getTime() + changeCutoffHours * 60 * 60 * 1000);
  const rows = await db
    .select()
    .from(eventSessions)
    .where(
      and(
        eq(eventSessions.archived, false),
        gt(eventSessions.startsAt, earliest),
        ...(sessionId === null ? [] : [ne(eventSessions.id, sessionId)]),
      ),
    )
    .orderBy(asc(eventSessions.startsAt), asc(eventSessions.id));
  const targets: MoveTarget[] = [];
  for (const row of rows) {
    const left = placesLeftOf(row);
    const fits =
      left.placesLeft >= counts.people &&
      (left.memorization === null || left.memorization >= counts.memorization) &&
      (left.fluentReading === null || left.fluentReading >= counts.fluentReading);
    if (!fits) continue;
    targets.push({
      ...(await sessionView(row, centerName)),
      placesLeft: left.placesLeft,
      availability: sessionAvailability(left.placesLeft, row.capacity),
    });
  }
  return targets;
}

/** The database's CHECK allows only these statuses. */
function statusOf(status: string): RegistrationStatus {
  return REGISTRATION_STATUSES.find((known) => known === status) ?? 'registered';
}

export async function familyView(context: FamilyViewContext, family: Family): Promise<FamilyRegistration> {
  const { db, centerName, changeCutoffHours, now = new Date() } = context;
  const { registration, session } = family;
  const closesAt = session ? changesCloseAt(session.startsAt, changeCutoffHours) : null;
  const [waitingPosition, offerExpiresAt, moveTargets] = await Promise.all([
    waitingPositionOf(db, family),
    offerExpiryOf(db, family),
    moveTargetsFor(context, family),
  ]);
  const open =
    closesAt !== null && now < closesAt && registration.status !== 'cancelled' && registration.status !== 'lapsed';
  return {
    registrationNumber: formatRegistrationNumber(registration.number),
    status: statusOf(registration.status),
    waitingPosition,
    offerExpiresAt,
    session: session ? await sessionView(session, centerName) : null,
    changesCloseAt: closesAt ? closesAt.toISOString() : null,
    changesOpen: open,
    people: family.people.map((p) => ({
      position: p.position,
      age: p.age,
      email: p.email,
      firstName: p.firstName,
      lastName: p.lastName,
      gender: p.gender === 'Male' ? 'Male' : 'Female',
      phone: p.phone ?? '',
      category: p.category === 'Memorization' || p.category === 'Fluent Reading' ? p.category : '',
      mothersName: p.mothersName ?? '',
      mothersPhone: p.mothersPhone ?? '',
      fathersName: p.fathersName ?? '',
      fathersPhone: p.fathersPhone ?? '',
      country: p.country,
      state: p.state,
      city: p.city,
      zip: p.zip,
      cancelled: p.cancelledAt !== null,
      ticketId: p.cancelledAt === null ? p.ticketId : null,
    })),
    moveTargets: open ? moveTargets : [],
  };
}
