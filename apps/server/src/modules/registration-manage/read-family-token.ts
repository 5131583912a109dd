import { type EventLinkKey, readEventLink } from '#src/modules/registrations/event-link';
import { familyLinkExpired, familyLinkInvalid } from './family-errors';

/** The registration a family link names; a forged link is 400, an expired one 410 (the page offers a new one). */
export function readFamilyToken(key: EventLinkKey, token: string, now: Date = new Date()): string {
  const reading = readEventLink(key, 'family', token, now);
  if (reading.ok) return reading.id;
  throw reading.reason === 'expired' ? familyLinkExpired() : familyLinkInvalid();
}
