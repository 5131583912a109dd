/**
 * The "Your registration" link: the family's page with a signed token that expires 90 days after it
 * was made, or two days after the session (event-link.ts). Made when an e-mail is written, never stored.
 */
import { type EventLinkKey, eventLinkToken, familyLinkExpiry } from '#src/modules/registrations/event-link';

export const FAMILY_PAGE_PATH = '/registration/yours';

export function familyPageUrl(
  storeUrl: string,
  key: EventLinkKey,
  registrationId: string,
  sessionStartsAt: Date | null,
  now: Date = new Date(),
): string {
  const token = eventLinkToken(key, 'family', registrationId, familyLinkExpiry(now, sessionStartsAt));
  return `${storeUrl.replace(/\/+$/, '')}${FAMILY_PAGE_PATH}?token=${encodeURIComponent(token)}`;
}
