/**
 * The tribute card's kind in the mail outbox, by order id. Its own file: what queues the card
 * (queue-tribute-card.ts) does not import the template; the mail worker calls the renderer
 * registered for it (tribute-card-mail.ts, wired in src/mail-renderers.ts).
 */
export const TRIBUTE_CARD_KIND = 'tribute-card';
