/**
 * The worker passes expired offers on, each in its OWN transaction, exactly once:
 *  1. the next expired open offer is locked (`for update skip locked`: two workers take different
 *     offers and never wait on each other's), marked 'lapsed', its family 'lapsed' (it leaves the line);
 *  2. its places go back to the session (releasePlaces);
 *  3. the freed places are offered down the line (offerFreedPlaces), each new offer's e-mail queued.
 * One commit holds all three: a crash anywhere (the `waitlist.after-lapse` fault point sits between
 * 2 and 3) leaves the offer open and the line untouched, and the next run does the whole again.
 */
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { faultPoint } from '#src/lib/fault-point';
import { releasePlaces } from '#src/modules/event-sessions/places';
import { registrations } from '#src/modules/registrations/tables';
import { lockSession } from './lock-session';
import { offerFreedPlaces } from './offer-freed-places';
import { waitlistOffers } from './tables';

export const AFTER_LAPSE_FAULT = 'waitlist.after-lapse';

export type ExpireOffersOptions = {
  db: Database;
  offerHoldHours: number;
  now?: Date;
  /** At most this many offers per run; the next run takes the rest. */
  limit?: number;
};

export type ExpireOffersSummary = { lapsed: number; offered: number };

/** One expired offer passed on, or false when none is left (or every one is another worker's now). */
async function expireOne(db: Database, offerHoldHours: number, now: Date): Promise<{ offered: number } | false> {
  return db.transaction(async (tx) => {
    const [offer] = await tx
      .select()
      .from(waitlistOffers)
      .where(and(eq(waitlistOffers.status, 'open'), lte(waitlistOffers.expiresAt, now)))
      .orderBy(asc(waitlistOffers.expiresAt))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!offer) return false;
    // The session's lock before the family's row: staff changing the line take them in that order too.
    await lockSession(tx, offer.sessionId);
    await tx
      .update(waitlistOffers)
      .set({ status: 'lapsed', closedAt: sql`now()` })
      .where(eq(waitlistOffers.id, offer.id));
    await tx
      .update(registrations)
      .set({ status: 'lapsed', statusChangedAt: sql`now()` })
      .where(and(eq(registrations.id, offer.registrationId), eq(registrations.status, 'offered')));
    await releasePlaces(tx, offer.sessionId, offer);
    faultPoint(AFTER_LAPSE_FAULT);
    return { offered: await offerFreedPlaces(tx, { sessionId: offer.sessionId, offerHoldHours, now }) };
  });
}

export async function expireOffers({
  db,
  offerHoldHours,
  now = new Date(),
  limit = 500,
}: ExpireOffersOptions): Promise<ExpireOffersSummary> {
  const summary: ExpireOffersSummary = { lapsed: 0, offered: 0 };
  while (summary.lapsed < limit) {
    const done = await expireOne(db, offerHoldHours, now);
    if (!done) break;
    summary.lapsed += 1;
    summary.offered += done.offered;
  }
  return summary;
}
