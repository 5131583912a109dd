/**
 * Card-testing defence (issue 3): card testers run many cards through a donation form to learn
 * which are live. Declined payments are recorded per client address and per e-mail, and after
 * DECLINE_LIMIT of either within the window, checkouts are refused before anything is charged or
 * stored. The state is in the database so every process behind a load balancer sees it, and time
 * is the database's so their clocks need not agree. One mistyped card does not slow anybody down.
 */
import { and, desc, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { columnNames } from '#src/db/column-names';
import { AppError } from '#src/errors/app-error';
import { paymentDeclines } from './tables';

export const DECLINE_LIMIT = 5;
export const DECLINE_WINDOW_SECONDS = 10 * 60;
// A constant, never input: safe to inline, and it keeps the SQL free of parameter type guessing.
const WINDOW = sql.raw(`interval '${DECLINE_WINDOW_SECONDS} seconds'`);

export type DeclineSubject = { clientIp: string; email: string };

/** The 429 answer; the route sends `retryAfterSeconds` as the Retry-After header. */
export class TooManyDeclinesError extends AppError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(
      'too_many_declines',
      `Too many declined payments. Please wait ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} and try again.`,
    );
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** E-mails are compared without case: Donor@x.org and donor@x.org are one donor. */
function normalEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * The DECLINE_LIMIT-th newest decline in the window for this subject, as the seconds until it
 * leaves the window (when the count falls below the limit again); no row when below the limit.
 */
function secondsUntilBelowLimit(db: Database, match: SQL | undefined) {
  return (
    db
      .select({
        seconds: sql<number>`ceil(extract(epoch from (${paymentDeclines.createdAt} + ${WINDOW} - now())))::int`,
      })
      .from(paymentDeclines)
      .where(and(match, gt(paymentDeclines.createdAt, sql`now() - ${WINDOW}`)))
      // Newest first; the id breaks ties (the wait is the same either way, but the order is total).
      .orderBy(desc(paymentDeclines.createdAt), desc(paymentDeclines.id))
      .limit(1)
      .offset(DECLINE_LIMIT - 1)
  );
}

/**
 * The seconds until the address and the e-mail are both below the limit again; 0 when they are.
 * Prepared: the donor comes in as the placeholders of `declineValues`.
 * An expression, so the checkout asks it in the same statement as its pending order's insert
 * (order-repo.ts `insertPendingOrderBelowDeclineLimit`, which runs before every charge), and, when
 * that inserted nothing, with its Idempotency-Key lookup (`findOrderAndDeclineWait`).
 */
export function declineWaitSeconds(db: Database): SQL<number> {
  const byAddress = secondsUntilBelowLimit(db, eq(paymentDeclines.clientIp, sql.placeholder('declineIp')));
  const byEmail = secondsUntilBelowLimit(db, eq(paymentDeclines.email, sql.placeholder('declineEmail')));
  return sql<number>`greatest(coalesce((${byAddress}), 0), coalesce((${byEmail}), 0))`.mapWith(Number);
}

/** Throws TooManyDeclinesError when the address or the e-mail reached the limit. */
export function assertBelowDeclineLimit(waitSeconds: number): void {
  if (waitSeconds > 0) throw new TooManyDeclinesError(Math.max(1, waitSeconds));
}

/**
 * Records a decline, as a statement for a WITH clause: the order is marked failed and its decline
 * counted in one statement (settle-order.ts), inserted when `onlyIf` holds. A prepared
 * statement's text: the subject comes in as the placeholders of `declineValues`.
 */
export function recordDeclineStatement(onlyIf: SQL): SQL {
  const d = paymentDeclines;
  return sql`insert into ${d} (${columnNames(d.clientIp, d.email)})
    select ${sql.placeholder('declineIp')}, ${sql.placeholder('declineEmail')} where ${onlyIf}`;
}

/** The placeholder values of `recordDeclineStatement` and `declineWaitSeconds` for one donor. */
export function declineValues({ clientIp, email }: DeclineSubject) {
  return { declineIp: clientIp, declineEmail: normalEmail(email) };
}
