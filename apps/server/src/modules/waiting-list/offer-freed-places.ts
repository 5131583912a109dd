/**
 * Offers a session's free places to the families waiting for it, in line order, in the caller's
 * transaction (a cancellation, a move, a capacity raised, an offer lapsed), each offer's e-mail queued
 * in that same transaction. Returns how many offers were made.
 *
 * PLACEHOLDER while the waiting list is built: makes no offer. Callers already call it where places
 * free, so that the waiting list's own change replaces only this body.
 */
import type { Database } from '#src/db/client';

export type OfferFreedPlacesInput = {
  sessionId: number;
  /** site.json eventSettings.offerHoldHours: how long each offer holds its places. */
  offerHoldHours: number;
};

export async function offerFreedPlaces(_tx: Database, _input: OfferFreedPlacesInput): Promise<number> {
  return 0;
}
