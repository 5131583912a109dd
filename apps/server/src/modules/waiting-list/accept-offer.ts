/**
 * A family accepts its offer, in ONE transaction: the offer (locked) becomes 'accepted', the
 * registration 'registered' (it leaves the line), each registrant still coming gets a ticket, and a
 * confirmation is queued, all in one commit. The places were taken when the offer was made.
 *
 * Accepting twice (a double click, the link opened again) answers the same as the first time. An
 * offer that lapsed, was withdrawn, or whose hold has run out (the worker has not passed it on yet)
 * is refused with 409 `offer_closed`: its places belong to the next family.
 */
import { formatRegistrationNumber } from '@store/shared/registration';
import { type WaitlistAccepted, waitingListTexts } from '@store/shared/waiting-list';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { AppError } from '#src/errors/app-error';
import { eventSessions } from '#src/modules/event-sessions/tables';
import { queueMail } from '#src/modules/mail/outbox';
import { confirmationSubject } from '#src/modules/registrations/confirmation-kind';
import { registrants, registrations, tickets } from '#src/modules/registrations/tables';
import { issueTickets } from '#src/modules/registrations/ticket-rows';
import { invalidOfferLink } from './offer-errors';
import { waitlistOffers } from './tables';

export type AcceptOfferInput = {
  db: Database;
  offerId: string;
  centerName: (centerId: number) => Promise<string | undefined>;
  now?: Date;
};

export type AcceptOfferResult = { answer: WaitlistAccepted; acceptedNow: boolean };

export async function acceptOffer({
  db,
  offerId,
  centerName,
  now = new Date(),
}: AcceptOfferInput): Promise<AcceptOfferResult> {
  const acceptedNow = await db.transaction(async (tx) => {
    const [offer] = await tx.select().from(waitlistOffers).where(eq(waitlistOffers.id, offerId)).for('update');
    if (!offer) throw invalidOfferLink();
    if (offer.status === 'accepted') return false;
    if (offer.status === 'withdrawn') throw new AppError('offer_closed', waitingListTexts.offerWithdrawn);
    if (offer.status !== 'open' || offer.expiresAt.getTime() <= now.getTime())
      throw new AppError('offer_closed', waitingListTexts.offerClosed);
    await tx
      .update(waitlistOffers)
      .set({ status: 'accepted', closedAt: sql`now()` })
      .where(eq(waitlistOffers.id, offer.id));
    await tx
      .update(registrations)
      .set({ status: 'registered', waitlistRank: null, statusChangedAt: sql`now()` })
      .where(eq(registrations.id, offer.registrationId));
    const coming = await tx
      .select({ id: registrants.id })
      .from(registrants)
      .where(and(eq(registrants.registrationId, offer.registrationId), isNull(registrants.cancelledAt)));
    await issueTickets(
      tx,
      offer.sessionId,
      coming.map((r) => r.id),
    );
    // The registration's first confirmation said it was waiting: this one, its own subject, lists the tickets.
    await queueMail(tx, confirmationSubject(offer.registrationId, `offer-${offer.id}`));
    return true;
  });
  return { answer: await acceptedAnswer(db, offerId, centerName), acceptedNow };
}

/** The accepted offer's registration as it stands: its people still coming, each with their live ticket. */
async function acceptedAnswer(
  db: Database,
  offerId: string,
  centerName: (centerId: number) => Promise<string | undefined>,
): Promise<WaitlistAccepted> {
  const [row] = await db
    .select({ registration: registrations, session: eventSessions })
    .from(waitlistOffers)
    .innerJoin(registrations, eq(registrations.id, waitlistOffers.registrationId))
    .innerJoin(eventSessions, eq(eventSessions.id, waitlistOffers.sessionId))
    .where(eq(waitlistOffers.id, offerId));
  if (!row) throw invalidOfferLink();
  const people = await db
    .select({
      position: registrants.position,
      firstName: registrants.firstName,
      lastName: registrants.lastName,
      ticketId: tickets.id,
    })
    .from(registrants)
    .innerJoin(tickets, and(eq(tickets.registrantId, registrants.id), isNull(tickets.revokedAt)))
    .where(and(eq(registrants.registrationId, row.registration.id), isNull(registrants.cancelledAt)))
    .orderBy(asc(registrants.position));
  const { session } = row;
  return {
    registrationNumber: formatRegistrationNumber(row.registration.number),
    status: 'registered',
    email: row.registration.email,
    session: {
      id: session.id,
      centerName: (await centerName(session.centerId)) ?? '',
      hall: session.hall,
      address: session.address,
      startsAt: session.startsAt.toISOString(),
      timeZone: session.timeZone,
    },
    people,
  };
}
