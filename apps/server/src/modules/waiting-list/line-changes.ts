/**
 * What staff change in a session's line, each in ONE transaction with its audit line, under the
 * session's lock (lock-session.ts) so it never races an offer or a lapse:
 *  - moveUp: the family swaps ranks with the family just ahead of it;
 *  - offerByHand: the family is offered its places now, if the session has them (409 with the places
 *    left otherwise), whatever its place in line.
 */
import { eventSessionTexts, placeCountsOf } from '@store/shared/event-sessions';
import { formatRegistrationNumber } from '@store/shared/registration';
import { waitingListTexts } from '@store/shared/waiting-list';
import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { AppError } from '#src/errors/app-error';
import { placesLeftOf } from '#src/modules/event-sessions/places';
import type { EventSession } from '#src/modules/event-sessions/tables';
import { registrations } from '#src/modules/registrations/tables';
import { type AuditActor, recordAudit } from '#src/modules/staff/audit';
import { familyCounts } from './family-counts';
import { lockSession } from './lock-session';
import { makeOffer } from './make-offer';

export type LineChangeInput = {
  db: Database;
  sessionId: number;
  registrationId: string;
  actor: AuditActor;
  /** Refuses (throws) when the member may not act on this session (a volunteer, another center). */
  mayAct: (session: EventSession) => Promise<void>;
};

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

async function familyInLine(tx: Tx, sessionId: number, registrationId: string) {
  const [family] = await tx
    .select({
      id: registrations.id,
      number: registrations.number,
      status: registrations.status,
      rank: registrations.waitlistRank,
    })
    .from(registrations)
    .where(
      and(
        eq(registrations.id, registrationId),
        eq(registrations.sessionId, sessionId),
        inArray(registrations.status, ['waiting', 'offered']),
      ),
    )
    .for('update');
  if (!family)
    throw new AppError('not_found', waitingListTexts.notInLine, {
      fields: { registrationId: waitingListTexts.notInLine },
    });
  return family;
}

async function lockedSession(tx: Tx, input: LineChangeInput): Promise<EventSession> {
  const session = await lockSession(tx, input.sessionId);
  if (!session) throw new AppError('not_found', 'No such session.', { fields: { id: 'is not a session' } });
  await input.mayAct(session);
  return session;
}

export async function moveUp(input: LineChangeInput): Promise<void> {
  await input.db.transaction(async (tx) => {
    await lockedSession(tx, input);
    const family = await familyInLine(tx, input.sessionId, input.registrationId);
    const rank = family.rank ?? family.number;
    const [ahead] = await tx
      .select({ id: registrations.id, number: registrations.number, rank: registrations.waitlistRank })
      .from(registrations)
      .where(
        and(
          eq(registrations.sessionId, input.sessionId),
          inArray(registrations.status, ['waiting', 'offered']),
          lt(registrations.waitlistRank, rank),
        ),
      )
      .orderBy(desc(registrations.waitlistRank))
      .limit(1)
      .for('update');
    if (!ahead || ahead.rank === null)
      throw new AppError('conflict', waitingListTexts.alreadyFirst, {
        fields: { registrationId: waitingListTexts.alreadyFirst },
      });
    await tx.update(registrations).set({ waitlistRank: ahead.rank }).where(eq(registrations.id, family.id));
    await tx.update(registrations).set({ waitlistRank: rank }).where(eq(registrations.id, ahead.id));
    await recordAudit(tx, {
      actor: input.actor,
      action: 'waitlist.move-up',
      targetType: 'registration',
      targetId: family.id,
      before: { rank, ahead: formatRegistrationNumber(ahead.number) },
      after: { rank: ahead.rank },
    });
  });
}

export async function offerByHand(input: LineChangeInput & { offerHoldHours: number }): Promise<void> {
  await input.db.transaction(async (tx) => {
    const session = await lockedSession(tx, input);
    const family = await familyInLine(tx, input.sessionId, input.registrationId);
    if (family.status === 'offered') {
      const message = 'This family already has an open offer.';
      throw new AppError('conflict', message, { fields: { registrationId: message } });
    }
    const counts = (await familyCounts(tx, [family.id])).get(family.id) ?? placeCountsOf([]);
    const offer = await makeOffer(tx, {
      registrationId: family.id,
      sessionId: session.id,
      counts,
      offerHoldHours: input.offerHoldHours,
      offeredBy: input.actor.id,
    });
    if (!offer) {
      const left = placesLeftOf(session).placesLeft;
      // Enough places overall: a capped category (Memorization, Fluent Reading) is what is short.
      const message =
        left >= counts.people
          ? waitingListTexts.categoryShort
          : waitingListTexts.notEnoughForFamily(left, counts.people);
      throw new AppError('not_enough_places', message, {
        fields: { registrationId: message, placesLeft: eventSessionTexts.placesLeft(left) },
      });
    }
    await recordAudit(tx, {
      actor: input.actor,
      action: 'waitlist.offer',
      targetType: 'registration',
      targetId: family.id,
      before: { status: 'waiting' },
      after: { status: 'offered', offerId: offer.id, people: offer.people, expiresAt: offer.expiresAt.toISOString() },
    });
  });
}
