/**
 * The confirmation's kind in the mail outbox. Its own file: the registration queues the message by
 * this kind and the registration id without importing the templates; the mail worker calls the
 * renderer registered for it (tickets/confirmation-renderer.ts, which attaches the tickets).
 */
import type { MailRef } from '#src/modules/mail/outbox';

export const CONFIRMATION_KIND = 'registration-confirmation';

/**
 * A later confirmation of the same registration (a waiting family's offer accepted, a change): the
 * outbox queues one message per kind and subject, so each occasion gets its own subject,
 * `<registration id>:<occasion>`, queued once however often it is retried. The renderer reads the
 * registration as it stands when the message is sent.
 */
export function confirmationSubject(registrationId: string, occasion: string): MailRef {
  return { kind: CONFIRMATION_KIND, subjectId: `${registrationId}:${occasion}` };
}

/** The registration a confirmation's subject names: the id before any `:occasion`. */
export function confirmedRegistrationId(subjectId: string): string {
  const cut = subjectId.indexOf(':');
  return cut === -1 ? subjectId : subjectId.slice(0, cut);
}
