/**
 * One offer, in the caller's transaction (which holds the session's lock, lock-session.ts): the
 * family's places are taken from the session, the offer row records them and its expiry, the
 * family's status becomes 'offered', and its e-mail is queued by reference, once per offer.
 * Null (nothing changed) when the session lacks the places.
 */
import type { PlaceCounts } from '@store/shared/event-sessions';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { takePlaces } from '#src/modules/event-sessions/places';
import { queueMail } from '#src/modules/mail/outbox';
import { registrations } from '#src/modules/registrations/tables';
import { WAITLIST_OFFER_KIND } from './offer-kind';
import { type WaitlistOffer, waitlistOffers } from './tables';

const HOUR_MS = 60 * 60 * 1000;

export type MakeOfferInput = {
  registrationId: string;
  sessionId: number;
  counts: PlaceCounts;
  offerHoldHours: number;
  /** The staff member sending it by hand; null for the worker and the freed-places walk. */
  offeredBy?: string | null;
  now?: Date;
};

export async function makeOffer(tx: Database, input: MakeOfferInput): Promise<WaitlistOffer | null> {
  const { registrationId, sessionId, counts, offerHoldHours, offeredBy = null, now = new Date() } = input;
  if (counts.people === 0) return null;
  if (!(await takePlaces(tx, sessionId, counts))) return null;
  const [offer] = await tx
    .insert(waitlistOffers)
    .values({
      registrationId,
      sessionId,
      people: counts.people,
      memorization: counts.memorization,
      fluentReading: counts.fluentReading,
      offeredAt: now,
      expiresAt: new Date(now.getTime() + offerHoldHours * HOUR_MS),
      offeredBy,
    })
    .returning();
  if (!offer) throw new Error('the offer insert returned no row');
  await tx
    .update(registrations)
    .set({ status: 'offered', statusChangedAt: sql`now()` })
    .where(and(eq(registrations.id, registrationId), eq(registrations.status, 'waiting')));
  await queueMail(tx, { kind: WAITLIST_OFFER_KIND, subjectId: offer.id });
  return offer;
}
