/** The offer e-mail's link: the offer page on the store's origin, its token signed to lapse with the offer. */
import { type EventLinkKey, eventLinkToken } from '#src/modules/registrations/event-link';

export function offerLink(storeUrl: string, key: EventLinkKey, offer: { id: string; expiresAt: Date }): string {
  const token = eventLinkToken(key, 'offer', offer.id, offer.expiresAt);
  return `${storeUrl.replace(/\/+$/, '')}/registration/offer?token=${encodeURIComponent(token)}`;
}
