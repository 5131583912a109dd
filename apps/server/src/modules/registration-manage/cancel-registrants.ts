/**
 * A family cancels one registrant, or everyone. A registered person's ticket is revoked and their
 * place (and category place) given back, then offered on to the waiting list in the same transaction:
 * the next family hears at once. A waiting family simply leaves the line; one holding an offer
 * withdraws it, and the places the offer held are offered on too.
 */
import { placeCountsOf } from '@store/shared/event-sessions';
import { eq, inArray, sql } from 'drizzle-orm';
import { serverI18n } from '#src/i18n/server-i18n';
import { releasePlaces } from '#src/modules/event-sessions/places';
import { registrantName } from '#src/modules/registrations/registrant-format';
import { registrants, registrations } from '#src/modules/registrations/tables';
import { revokeTickets } from '#src/modules/registrations/ticket-rows';
import { offerFreedPlaces } from '#src/modules/waiting-list/offer-freed-places';
import { withdrawOpenOffer } from '#src/modules/waiting-list/withdraw-offer';
import { changeFamily, type ManageContext, type Tx } from './family-change';
import { offerPending, registrantCancelled, registrantNotFound } from './family-errors';
import { type Family, type FamilyPersonRow, livePeople } from './family-repo';

async function freePlaces(tx: Tx, context: ManageContext, family: Family, leaving: FamilyPersonRow[]): Promise<void> {
  const { registration } = family;
  if (registration.sessionId === null) return;
  await revokeTickets(
    tx,
    leaving.map((p) => p.id),
    'cancelled',
  );
  if (registration.status !== 'registered') return;
  await releasePlaces(tx, registration.sessionId, placeCountsOf(leaving));
  await offerFreedPlaces(tx, { sessionId: registration.sessionId, offerHoldHours: context.settings.offerHoldHours });
}

/** Withdraws an open offer (its held places given back) and offers those places on. */
async function withdrawOffer(tx: Tx, context: ManageContext, family: Family): Promise<void> {
  const freed = await withdrawOpenOffer(tx, family.registration.id);
  if (freed)
    await offerFreedPlaces(tx, { sessionId: freed.sessionId, offerHoldHours: context.settings.offerHoldHours });
}

async function markCancelled(tx: Tx, family: Family): Promise<void> {
  await tx
    .update(registrations)
    .set({ status: 'cancelled', waitlistRank: null, statusChangedAt: sql`now()` })
    .where(eq(registrations.id, family.registration.id));
}

export async function cancelRegistration(context: ManageContext, registrationId: string): Promise<void> {
  await changeFamily(context, registrationId, async (tx, family) => {
    const leaving = livePeople(family);
    if (family.registration.status === 'offered') await withdrawOffer(tx, context, family);
    else await freePlaces(tx, context, family, leaving);
    if (leaving.length > 0)
      await tx
        .update(registrants)
        .set({ cancelledAt: sql`now()` })
        .where(
          inArray(
            registrants.id,
            leaving.map((p) => p.id),
          ),
        );
    await markCancelled(tx, family);
    // Worded now, in the language the family registered in: the e-mail carries this sentence.
    const i18n = serverI18n(family.registration.locale);
    return family.registration.status === 'registered'
      ? i18n._('The whole registration was cancelled. Its tickets are no longer valid.')
      : i18n._('The whole registration was cancelled and left the waiting list.');
  });
}

export async function cancelRegistrant(
  context: ManageContext,
  registrationId: string,
  position: number,
): Promise<void> {
  await changeFamily(context, registrationId, async (tx, family) => {
    const person = family.people.find((p) => p.position === position);
    if (!person) throw registrantNotFound(position);
    if (person.cancelledAt !== null) throw registrantCancelled();
    // An offer holds places for the family as it was offered: the family accepts it or cancels whole.
    if (family.registration.status === 'offered') throw offerPending();
    await freePlaces(tx, context, family, [person]);
    await tx.update(registrants).set({ cancelledAt: sql`now()` }).where(eq(registrants.id, person.id));
    // The last person leaving cancels the registration: nobody is left to register or wait.
    if (livePeople(family).length === 1) await markCancelled(tx, family);
    const i18n = serverI18n(family.registration.locale);
    const name = registrantName(person);
    return person.ticketId
      ? i18n._('{name} was cancelled: their ticket is no longer valid.', { name })
      : i18n._('{name} was cancelled.', { name });
  });
}
