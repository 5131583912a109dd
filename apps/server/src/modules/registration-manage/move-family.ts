/**
 * A family moves everyone to another session with places: all or nothing. The new session's places
 * are taken by the one guarded UPDATE (places.ts) before anything else changes; without them the move
 * is refused as the form refuses a registration (409 not_enough_places) and nothing moved. Then the
 * old places are given back and offered on to that session's waiting list, the old tickets revoked
 * ('moved') and new ones issued, all in one transaction. A waiting family that moves to a session
 * with places is registered there.
 */
import { eventSessionTexts, placeCountsOf } from '@store/shared/event-sessions';
import { eq, sql } from 'drizzle-orm';
import { AppError } from '#src/errors/app-error';
import { serverI18n } from '#src/i18n/server-i18n';
import { placesLeftOf, releasePlaces, takePlaces } from '#src/modules/event-sessions/places';
import { eventSessions } from '#src/modules/event-sessions/tables';
import { registrations } from '#src/modules/registrations/tables';
import { issueTickets, revokeTickets } from '#src/modules/registrations/ticket-rows';
import { offerFreedPlaces } from '#src/modules/waiting-list/offer-freed-places';
import { changesCloseAt } from './change-cutoff';
import { changeFamily, type ManageContext } from './family-change';
import { changesClosed, offerPending } from './family-errors';
import { livePeople } from './family-repo';

function unknownSession(): AppError {
  return new AppError('validation_error', 'Choose a session that is open for registration.', {
    fields: { sessionId: 'Choose a session that is open for registration' },
  });
}

export async function moveFamily(context: ManageContext, registrationId: string, sessionId: number): Promise<void> {
  const now = context.now?.() ?? new Date();
  await changeFamily(context, registrationId, async (tx, family) => {
    const { registration } = family;
    if (registration.status === 'offered') throw offerPending();
    if (registration.sessionId === sessionId) throw unknownSession();
    const [target] = await tx.select().from(eventSessions).where(eq(eventSessions.id, sessionId));
    if (!target || target.archived) throw unknownSession();
    const closesAt = changesCloseAt(target.startsAt, context.settings.changeCutoffHours);
    if (now >= closesAt) throw changesClosed(closesAt, target.timeZone);
    const people = livePeople(family);
    const counts = placeCountsOf(people);
    if (!(await takePlaces(tx, sessionId, counts))) {
      const left = placesLeftOf(target).placesLeft;
      const message = serverI18n('en')._(eventSessionTexts.notEnoughPlaces, { left, wanted: counts.people });
      throw new AppError('not_enough_places', message, { fields: { sessionId: message } });
    }
    const ids = people.map((p) => p.id);
    const oldSession = registration.sessionId;
    if (registration.status === 'registered' && oldSession !== null) {
      await revokeTickets(tx, ids, 'moved');
      await releasePlaces(tx, oldSession, counts);
    }
    await issueTickets(tx, sessionId, ids);
    await tx
      .update(registrations)
      .set({ sessionId, status: 'registered', waitlistRank: null, statusChangedAt: sql`now()` })
      .where(eq(registrations.id, registration.id));
    if (registration.status === 'registered' && oldSession !== null)
      await offerFreedPlaces(tx, { sessionId: oldSession, offerHoldHours: context.settings.offerHoldHours });
    const where = `${target.hall}, ${target.address}`;
    // Worded now, in the language the family registered in: the e-mail carries this sentence.
    const i18n = serverI18n(registration.locale);
    return registration.status === 'registered'
      ? i18n._('Everyone was moved to {where}. The old tickets are no longer valid; new tickets replace them.', {
          where,
        })
      : i18n._('Places were found at {where}: everyone is registered there and has a ticket.', { where });
  });
}
