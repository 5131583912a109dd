/**
 * The confirmation's kind in the mail outbox. Its own file: the registration queues the message by
 * this kind and the registration id without importing the templates; the mail worker calls the
 * renderer registered for it (tickets/confirmation-renderer.ts, which attaches the tickets).
 */
export const CONFIRMATION_KIND = 'registration-confirmation';
