/**
 * The e-mail that tells a donor their account's password is being guessed (issue 18, point 5):
 * queued when an account's failed logins reach the point where it counts as under attack
 * (admins/login-limit.ts), at most once per account per window. The outbox sends one message per
 * kind and subject, so the subject is the account and the window it happened in
 * (`<user id>:<window number>`): the first failure past the threshold queues it, later ones find it
 * queued. By reference like every message: guessing-alert-mail.ts writes it when it is sent.
 */

import type { Database } from '#src/db/client';
import { queueMail } from '#src/modules/mail/outbox';

export const GUESSING_ALERT_KIND = 'account-guessed';

/** True when this call queued the alert (false: this window's alert was queued already). */
export function queueGuessingAlert(
  db: Pick<Database, 'insert'>,
  userId: string,
  windowSeconds: number,
): Promise<boolean> {
  const windowNumber = Math.floor(Date.now() / 1000 / windowSeconds);
  return queueMail(db, { kind: GUESSING_ALERT_KIND, subjectId: `${userId}:${windowNumber}` });
}

/** The account an alert's subject names, or undefined when the text is not one of ours. */
export function alertedUserId(subjectId: string): string | undefined {
  const match = /^([0-9a-f-]{36}):\d+$/i.exec(subjectId);
  return match?.[1];
}
