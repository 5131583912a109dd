/**
 * "Your registration": the family's own page, reached by a signed expiring link (no account). Made
 * at send time, so each e-mail carries a link valid from when it left.
 */
import { type EventLinkKey, eventLinkToken, familyLinkExpiry } from '#src/modules/registrations/event-link';

export function familyPageUrl(
  storeUrl: string,
  key: EventLinkKey,
  registrationId: string,
  sessionStartsAt: Date | null,
  now: Date = new Date(),
): string {
  const token = eventLinkToken(key, 'family', registrationId, familyLinkExpiry(now, sessionStartsAt));
  return `${storeUrl.replace(/\/+$/, '')}/registration/yours?token=${encodeURIComponent(token)}`;
}
