/**
 * Moves the next recipients of sent messages into the mail outbox, at most `perMinute` in any
 * minute across every process: the rows queued in the last minute are counted under one advisory
 * lock, so two workers (or a worker and a Send) cannot both fill the same minute. Each recipient is
 * marked queued in the same transaction as its outbox row, and the outbox takes a kind and subject
 * once, so a recipient is queued once whatever crashes or repeats. An address that opted out since
 * Send is passed over (marked `skipped`), not mailed.
 */
import { and, asc, eq, exists, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { queueMails } from '#src/modules/mail/outbox';
import { EVENT_MESSAGE_KIND } from './event-message-kind';
import { eventMessageRecipients, eventNewsOptouts } from './tables';

const MINUTE_MS = 60_000;
const QUEUE_LOCK = 'event-messages/queue';

export type QueueRun = { queued: number; skipped: number };

export async function queueEventMessages(
  db: Database,
  { perMinute, now = new Date() }: { perMinute: number; now?: Date },
): Promise<QueueRun> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${QUEUE_LOCK}))`);
    const r = eventMessageRecipients;
    const [recent] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(r)
      .where(and(gt(r.queuedAt, new Date(now.getTime() - MINUTE_MS)), eq(r.skipped, false)));
    const room = perMinute - (recent?.count ?? 0);
    if (room <= 0) return { queued: 0, skipped: 0 };
    const next = await tx
      .select({
        id: r.id,
        optedOut: exists(tx.select({ one: sql`1` }).from(eventNewsOptouts).where(eq(eventNewsOptouts.email, r.email))),
      })
      .from(r)
      .where(isNull(r.queuedAt))
      .orderBy(asc(r.seq))
      .limit(room);
    const toMail = next.filter((row) => !row.optedOut).map((row) => row.id);
    const toSkip = next.filter((row) => row.optedOut).map((row) => row.id);
    await queueMails(
      tx,
      toMail.map((id) => ({ kind: EVENT_MESSAGE_KIND, subjectId: id })),
    );
    if (toMail.length > 0) await tx.update(r).set({ queuedAt: now }).where(inArray(r.id, toMail));
    if (toSkip.length > 0) await tx.update(r).set({ queuedAt: now, skipped: true }).where(inArray(r.id, toSkip));
    return { queued: toMail.length, skipped: toSkip.length };
  });
}
