/**
 * The offer e-mail's kind in the mail outbox. Its own file: what makes an offer queues the message by
 * this kind and the offer's id without importing the template; the mail worker calls the renderer
 * registered for it (offer-mail.ts, wired in src/mail-renderers.ts).
 */
export const WAITLIST_OFFER_KIND = 'waitlist-offer';
