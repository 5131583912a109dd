/** A session's places as staff read them: the same words the registration form shows families. */
import { eventSessionTexts } from '@store/shared/event-sessions';
import type { StaffEventSession } from '@store/shared/staff-event-sessions';

export function availabilityText(session: StaffEventSession): string {
  if (session.archived) return 'Archived: closed to new registrations';
  if (session.availability === 'full') return eventSessionTexts.full;
  const left = eventSessionTexts.placesLeft(session.figures.placesLeft);
  return session.availability === 'almost_full' ? `${eventSessionTexts.almostFull}: ${left}` : left;
}
