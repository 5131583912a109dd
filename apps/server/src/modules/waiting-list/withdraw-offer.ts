/**
 * A family that cancels (or moves) while it holds an open offer: the offer is withdrawn and its held
 * places given back, in the caller's transaction. The caller then offers the places on
 * (offerFreedPlaces), as after any cancellation. Returns the places given back, or null when the
 * family held no open offer (its places, if registered, are the caller's to release).
 */
import type { PlaceCounts } from '@store/shared/event-sessions';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { releasePlaces } from '#src/modules/event-sessions/places';
import { waitlistOffers } from './tables';

export async function withdrawOpenOffer(
  tx: Pick<Database, 'update'>,
  registrationId: string,
): Promise<(PlaceCounts & { sessionId: number }) | null> {
  const [offer] = await tx
    .update(waitlistOffers)
    .set({ status: 'withdrawn', closedAt: sql`now()` })
    .where(and(eq(waitlistOffers.registrationId, registrationId), eq(waitlistOffers.status, 'open')))
    .returning();
  if (!offer) return null;
  await releasePlaces(tx, offer.sessionId, offer);
  return {
    sessionId: offer.sessionId,
    people: offer.people,
    memorization: offer.memorization,
    fluentReading: offer.fluentReading,
  };
}
