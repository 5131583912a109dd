/**
 * Send: the message and one recipient row per address it reaches, written in ONE transaction with
 * its audit line. The Idempotency-Key makes a second press (or a retry after a lost answer) answer
 * the first message and write nothing; the recipient rows' uniqueness (message, address) and the
 * outbox's (kind, subject) keep each address to one e-mail from there on.
 */
import { randomUUID } from 'node:crypto';
import type { EventMessageRequest, EventMessageSent } from '@store/shared/event-messages';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { isUniqueViolation } from '#src/db/unique-violation';
import { AppError } from '#src/errors/app-error';
import { canonicalHash } from '#src/lib/canonical-json';
import { type AuditActor, recordAudit } from '#src/modules/staff/audit';
import { audienceAddresses } from './audience-recipients';
import { eventMessageRecipients, eventMessages } from './tables';

export type SendEventMessageOptions = {
  db: Database;
  input: EventMessageRequest;
  /** checkAudience's words for the audience, already checked against the member. */
  audienceLabel: string;
  idempotencyKey: string;
  actor: AuditActor;
};

export async function sendEventMessage(
  options: SendEventMessageOptions,
): Promise<{ sent: EventMessageSent; replayed: boolean }> {
  const { db, input, audienceLabel, idempotencyKey, actor } = options;
  const requestHash = canonicalHash(input);
  const earlier = await findByKey(db, idempotencyKey, requestHash);
  if (earlier) return { sent: earlier, replayed: true };
  const id = randomUUID();
  try {
    const recipients = await db.transaction(async (tx) => {
      await tx.insert(eventMessages).values({
        id,
        idempotencyKey,
        requestHash,
        audience: input.audience,
        audienceLabel,
        subject: input.subject,
        body: input.body,
        recipientCount: 0,
        sentBy: actor.id,
        sentByName: actor.name,
      });
      const r = eventMessageRecipients;
      await tx.execute(sql`insert into ${r} (${sql.identifier(r.messageId.name)}, ${sql.identifier(r.email.name)})
        select ${id}::uuid, addresses.email from (${audienceAddresses(tx, input.audience)}) as addresses`);
      const [counted] = await tx
        .update(eventMessages)
        .set({
          recipientCount: sql`(select count(*)::int from ${eventMessageRecipients} where ${eventMessageRecipients.messageId} = ${id})`,
        })
        .where(eq(eventMessages.id, id))
        .returning({ recipients: eventMessages.recipientCount });
      const count = counted?.recipients ?? 0;
      await recordAudit(tx, {
        actor,
        action: 'event-message.send',
        targetType: 'event-message',
        targetId: id,
        after: { audience: audienceLabel, subject: input.subject, recipients: count },
      });
      return count;
    });
    return { sent: { id, recipients }, replayed: false };
  } catch (error) {
    // Two presses at once: the second lost the insert on the key; answer the first.
    if (!isUniqueViolation(error)) throw error;
    const winner = await findByKey(db, idempotencyKey, requestHash);
    if (!winner) throw error;
    return { sent: winner, replayed: true };
  }
}

async function findByKey(
  db: Pick<Database, 'select'>,
  idempotencyKey: string,
  requestHash: string,
): Promise<EventMessageSent | undefined> {
  const [row] = await db
    .select({ id: eventMessages.id, requestHash: eventMessages.requestHash, recipients: eventMessages.recipientCount })
    .from(eventMessages)
    .where(eq(eventMessages.idempotencyKey, idempotencyKey));
  if (!row) return undefined;
  if (row.requestHash !== requestHash) {
    throw new AppError(
      'idempotency_key_reused',
      'This Idempotency-Key was used for another message. Reload the page to write a new one.',
    );
  }
  return { id: row.id, recipients: row.recipients };
}
