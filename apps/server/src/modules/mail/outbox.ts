/**
 * The outbox (tables.ts): messages are queued in the same transaction as what they report and sent
 * later by the worker (worker.ts). Every process of the app may run a worker against one
 * PostgreSQL, so claiming is done with row locks that skip what another worker holds.
 */
import { and, eq, getTableColumns, inArray, isNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { columnNames } from '../../db/column-names';
import { mailOutbox } from './tables';

export type OutboxMail = typeof mailOutbox.$inferSelect;

/** What a module hands to the outbox: one message about one subject (an order, a registration). */
export type MailMessage = {
  /** e.g. 'receipt'. With subjectId, identifies the message: the same pair is queued once. */
  kind: string;
  subjectId: string;
  to: string;
  subject: string;
  html: string;
  text: string;
};

/**
 * The part of a database the outbox uses. A Drizzle transaction (`db.transaction(async (tx) => …)`)
 * has the same methods, so `queueMail(tx, …)` commits or rolls back with the caller's own writes.
 */
export type OutboxDb = Pick<Database, 'insert' | 'select' | 'update'>;

/** After this many failed attempts a message is no longer tried; the row stays for an operator. */
export const MAX_ATTEMPTS = 10;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 60 * 60_000;
/** How long a claimed message is reserved for its worker; a worker that dies frees it after this. */
export const CLAIM_LEASE_MS = 15 * 60_000;
const MAX_ERROR_LENGTH = 1_000;

/** Header values must be one line: a CR or LF would let a value add headers of its own. */
export function headerValue(text: string): string {
  return text.replace(/[\r\n]+/g, ' ').trim();
}

/** The outbox row a message becomes. */
function outboxRow(message: MailMessage) {
  return {
    kind: message.kind,
    subjectId: message.subjectId,
    toAddress: headerValue(message.to),
    subject: headerValue(message.subject),
    html: message.html,
    text: message.text,
  };
}

/** Queues a message unless one of the same kind about the same subject exists. True when queued. */
export async function queueMail(db: Pick<OutboxDb, 'insert'>, message: MailMessage): Promise<boolean> {
  const inserted = await db
    .insert(mailOutbox)
    .values(outboxRow(message))
    .onConflictDoNothing({ target: [mailOutbox.kind, mailOutbox.subjectId] })
    .returning({ id: mailOutbox.id });
  return inserted.length > 0;
}

/**
 * queueMail as a statement for a WITH clause, so a message is queued in the same statement as what
 * it reports (orders/settle-order.ts): inserted when `onlyIf` holds, once per kind and subject.
 * A prepared statement's text: the message comes in as the placeholders of `queuedMailValues`.
 */
export function queueMailStatement(onlyIf: SQL): SQL {
  const m = mailOutbox;
  const p = (name: keyof ReturnType<typeof queuedMailValues>) => sql.placeholder(name);
  return sql`insert into ${m} (${columnNames(m.kind, m.subjectId, m.toAddress, m.subject, m.html, m.text)})
    select ${p('mailKind')}, ${p('mailSubjectId')}, ${p('mailTo')}, ${p('mailSubject')}, ${p('mailHtml')}, ${p('mailText')}
    where ${onlyIf}
    on conflict (${columnNames(m.kind, m.subjectId)}) do nothing`;
}

/** The placeholder values of `queueMailStatement` for one message. */
export function queuedMailValues(message: MailMessage) {
  const row = outboxRow(message);
  return {
    mailKind: row.kind,
    mailSubjectId: row.subjectId,
    mailTo: row.toAddress,
    mailSubject: row.subject,
    mailHtml: row.html,
    mailText: row.text,
  };
}

/**
 * Claims up to `limit` messages that are due, reserving them for `leaseMs` by moving their next
 * attempt into the future. `FOR UPDATE SKIP LOCKED` makes concurrent claimers take disjoint rows
 * instead of waiting for each other or sending the same message twice.
 */
export async function claimDueMails(
  db: Pick<OutboxDb, 'select' | 'update'>,
  { limit, now = new Date(), leaseMs = CLAIM_LEASE_MS }: { limit: number; now?: Date; leaseMs?: number },
): Promise<OutboxMail[]> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(isNull(mailOutbox.sentAt), lte(mailOutbox.nextAttemptAt, now), lt(mailOutbox.attempts, MAX_ATTEMPTS)))
    .orderBy(mailOutbox.nextAttemptAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(mailOutbox)
    .set({ nextAttemptAt: new Date(now.getTime() + leaseMs) })
    .where(inArray(mailOutbox.id, due))
    .returning({
      ...getTableColumns(mailOutbox),
      // In microseconds, as the database keeps it: two messages queued within one millisecond have
      // equal JavaScript Dates, and RETURNING has no order of its own.
      createdMicros: sql<number>`(extract(epoch from ${mailOutbox.createdAt}) * 1000000)::float8`,
    });
  // Oldest first.
  return claimed
    .sort((a, b) => Number(a.createdMicros) - Number(b.createdMicros))
    .map(({ createdMicros: _createdMicros, ...mail }) => mail);
}

/**
 * Marks claimed messages sent, so they are never claimed again. One statement for a whole batch:
 * one commit instead of one per message (the worker sends a batch, then marks it).
 */
export async function markSent(
  db: Pick<OutboxDb, 'update'>,
  { ids, now = new Date() }: { ids: readonly string[]; now?: Date },
) {
  if (ids.length === 0) return;
  await db
    .update(mailOutbox)
    .set({ sentAt: now, lastError: null })
    .where(and(inArray(mailOutbox.id, [...ids]), isNull(mailOutbox.sentAt)));
}

/** 30 s after the first failure, doubling each time, at most an hour. */
export function retryDelayMs(failedAttempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, failedAttempts - 1), MAX_RETRY_MS);
}

export type FailureOutcome = { attempts: number; nextAttemptAt: Date; gaveUp: boolean };

/**
 * Records a failed attempt of a claimed message (`attempts` as it was claimed) and schedules the
 * next one. After MAX_ATTEMPTS the message is left unsent; `claimDueMails` no longer picks it.
 */
export async function markFailed(
  db: Pick<OutboxDb, 'update'>,
  { id, attempts, error, now = new Date() }: { id: string; attempts: number; error: unknown; now?: Date },
): Promise<FailureOutcome> {
  const failed = attempts + 1;
  const nextAttemptAt = new Date(now.getTime() + retryDelayMs(failed));
  await db
    .update(mailOutbox)
    .set({ attempts: failed, nextAttemptAt, lastError: describeError(error).slice(0, MAX_ERROR_LENGTH) })
    .where(and(eq(mailOutbox.id, id), isNull(mailOutbox.sentAt)));
  return { attempts: failed, nextAttemptAt, gaveUp: failed >= MAX_ATTEMPTS };
}

/** Gives claimed but unsent messages back (a worker stopping mid-batch), so they need not wait out the lease. */
export async function releaseMails(
  db: Pick<OutboxDb, 'update'>,
  { ids, now = new Date() }: { ids: string[]; now?: Date },
) {
  if (ids.length === 0) return;
  await db
    .update(mailOutbox)
    .set({ nextAttemptAt: now })
    .where(and(inArray(mailOutbox.id, ids), isNull(mailOutbox.sentAt)));
}

/** The error's message (and SMTP code), never a whole object that might carry the message body. */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = 'code' in error && typeof error.code === 'string' ? `${error.code}: ` : '';
  return `${code}${error.message}`;
}
