/**
 * The outbox (tables.ts): messages are queued in the same transaction as what they report and sent
 * later by the worker (worker.ts). Every process of the app may run a worker against one
 * PostgreSQL, so claiming is done with row locks that skip what another worker holds.
 */
import { and, asc, eq, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { columnNames } from '#src/db/column-names';
import { mailOutbox } from './tables';

export type OutboxMail = typeof mailOutbox.$inferSelect;

/**
 * A message by reference, as a module queues it: its kind and the id of what it is about (an order,
 * a registration). The same pair is queued once. The worker writes the message when it sends it,
 * with the renderer registered for the kind (render.ts).
 */
export type MailRef = {
  /** e.g. 'receipt'. */
  kind: string;
  subjectId: string;
};

/**
 * A message with its content already written: what rows queued before messages were rendered at
 * send time hold, and what a message no renderer writes would be queued with.
 */
export type MailMessage = MailRef & {
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

/**
 * Queues a message unless one of the same kind about the same subject exists. True when queued. A
 * reference (kind and subject id) is what the modules queue; a message with its content is sent as
 * it is, without a renderer.
 */
export async function queueMail(db: Pick<OutboxDb, 'insert'>, message: MailMessage | MailRef): Promise<boolean> {
  const inserted = await db
    .insert(mailOutbox)
    .values('to' in message ? outboxRow(message) : { kind: message.kind, subjectId: message.subjectId })
    .onConflictDoNothing({ target: [mailOutbox.kind, mailOutbox.subjectId] })
    .returning({ id: mailOutbox.id });
  return inserted.length > 0;
}

/**
 * Queues messages by reference in one statement (a bulk message's next recipients), each kind and
 * subject once: those queued before are left as they are. How many were queued.
 */
export async function queueMails(db: Pick<OutboxDb, 'insert'>, refs: readonly MailRef[]): Promise<number> {
  if (refs.length === 0) return 0;
  const inserted = await db
    .insert(mailOutbox)
    .values(refs.map((ref) => ({ kind: ref.kind, subjectId: ref.subjectId })))
    .onConflictDoNothing({ target: [mailOutbox.kind, mailOutbox.subjectId] })
    .returning({ id: mailOutbox.id });
  return inserted.length;
}

/**
 * queueMail of a reference as a statement for a WITH clause, so a message is queued in the same
 * statement as what it reports (checkout/settle-order.ts): inserted when `onlyIf` holds, once per
 * kind and subject. A prepared statement's text: the reference comes in as the placeholders of
 * `queuedMailValues`.
 */
export function queueMailStatement(onlyIf: SQL): SQL {
  const m = mailOutbox;
  const p = (name: keyof ReturnType<typeof queuedMailValues>) => sql.placeholder(name);
  return sql`insert into ${m} (${columnNames(m.kind, m.subjectId)})
    select ${p('mailKind')}, ${p('mailSubjectId')}
    where ${onlyIf}
    on conflict (${columnNames(m.kind, m.subjectId)}) do nothing`;
}

/** The placeholder values of `queueMailStatement` for one message. */
export function queuedMailValues(ref: MailRef) {
  return { mailKind: ref.kind, mailSubjectId: ref.subjectId };
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
  // Due through the end of `now`'s millisecond: a JavaScript clock counts milliseconds, the database's
  // microseconds, so a message queued (next_attempt_at = now()) in the claim's own millisecond would
  // otherwise wait for the next poll, a whole interval, although the kick that followed it came in time.
  const endOfMillisecond = new Date(now.getTime() + 1);
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        isNull(mailOutbox.sentAt),
        lt(mailOutbox.nextAttemptAt, endOfMillisecond),
        lt(mailOutbox.attempts, MAX_ATTEMPTS),
      ),
    )
    // Due first; among equally due ones, queued first. `seq` is unique, so the order is total.
    .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.seq))
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(mailOutbox)
    .set({ nextAttemptAt: new Date(now.getTime() + leaseMs) })
    .where(inArray(mailOutbox.id, due))
    .returning();
  // Oldest first, in the order they were queued (RETURNING has no order of its own).
  return claimed.sort((a, b) => a.seq - b.seq);
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
