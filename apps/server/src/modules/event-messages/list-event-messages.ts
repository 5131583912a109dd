/**
 * The messages sent, newest first, with how many of each the mail server has accepted so far
 * (the outbox rows of its recipients that are marked sent). A volunteer sees the ones they sent.
 */
import type { EventMessageSummary } from '@store/shared/event-messages';
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { mailOutbox } from '#src/modules/mail/tables';
import { EVENT_MESSAGE_KIND } from './event-message-kind';
import { eventMessageRecipients, eventMessages } from './tables';

/** A page of history, not an archive: the audit log keeps every send. */
export const MESSAGE_LIST_LIMIT = 50;

export async function listEventMessages(
  db: Pick<Database, 'select'>,
  { sentBy }: { sentBy?: string | undefined } = {},
): Promise<EventMessageSummary[]> {
  const m = eventMessages;
  const newest = await db
    .select()
    .from(m)
    .where(sentBy === undefined ? undefined : eq(m.sentBy, sentBy))
    .orderBy(desc(m.createdAt), desc(m.id))
    .limit(MESSAGE_LIST_LIMIT);
  if (newest.length === 0) return [];
  const r = eventMessageRecipients;
  const sent = await db
    .select({ messageId: r.messageId, sent: sql<number>`count(*)::int` })
    .from(r)
    .innerJoin(
      mailOutbox,
      and(
        eq(mailOutbox.kind, EVENT_MESSAGE_KIND),
        eq(mailOutbox.subjectId, sql`${r.id}::text`),
        isNotNull(mailOutbox.sentAt),
      ),
    )
    .where(
      inArray(
        r.messageId,
        newest.map((row) => row.id),
      ),
    )
    .groupBy(r.messageId);
  const sentOf = new Map(sent.map((row) => [row.messageId, row.sent]));
  return newest.map((row) => ({
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    sentBy: row.sentByName,
    audienceLabel: row.audienceLabel,
    subject: row.subject,
    recipients: row.recipientCount,
    sent: sentOf.get(row.id) ?? 0,
  }));
}
