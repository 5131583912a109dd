/**
 * Card-testing defence (issue 3): card testers run many cards through a donation form to learn
 * which are live. Declined payments are recorded per client address and per e-mail, and after
 * DECLINE_LIMIT of either within the window, checkouts are refused before anything is charged or
 * stored. The state is in the database so every process behind a load balancer sees it, and time
 * is the database's so their clocks need not agree. One mistyped card does not slow anybody down.
 *
 * Attempts arriving together (issue 18: 30 declining cards sent at once from one address all
 * reached the gateway on PostgreSQL, because each checkout counted the declines that had landed and
 * none was in yet): an attempt claims its place before the gateway is called. The place is its
 * pending order, and the claim is the insert of that order, guarded by `checkout_attempt_wait`
 * (a hand-written PL/pgSQL function in the migrations; its latest CREATE OR REPLACE is the one that
 * runs): it takes an advisory lock per address and per e-mail, then counts declines AND pending
 * orders in the window in ONE query, so in one snapshot taken after the lock: the pending orders of
 * claims that held the lock before are seen, and an attempt settled as declined between two counts
 * cannot slip through both. Declines + attempts in flight never pass the limit, so at most
 * DECLINE_LIMIT declines per address and per e-mail reach the gateway, however many arrive at once.
 * Still one statement per claim: the function runs inside the insert, and the locks are held until
 * it commits. When every place left is held by an attempt still at the gateway, the next one waits
 * for a place (place-order.ts) rather than being refused: five honest checkouts at once from one
 * office still go through.
 */
import { type SQL, sql } from 'drizzle-orm';
import { AppError } from '#src/errors/app-error';

export const DECLINE_LIMIT = 5;
export const DECLINE_WINDOW_SECONDS = 10 * 60;

/** `checkout_attempt_wait`'s answer when the places left are all held by attempts at the gateway. */
export const ATTEMPTS_IN_FLIGHT = -1;

/** The 429 answer; the route sends `retryAfterSeconds` as the Retry-After header. */
export class TooManyDeclinesError extends AppError {
  readonly retryAfterSeconds: number;
  /** `inFlight`: refused because too many attempts were still at the gateway, not for declines. */
  constructor(retryAfterSeconds: number, inFlight = false) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    const wait = `Please wait ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} and try again.`;
    super(
      'too_many_declines',
      inFlight ? `Too many payments are being made from here at once. ${wait}` : `Too many declined payments. ${wait}`,
    );
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/**
 * The claim's verdict for the donor whose placeholders `declineValues` fills: 0 when one more
 * attempt may go to the gateway; the seconds until the address and the e-mail are both below the
 * limit again (when the DECLINE_LIMIT-th newest decline leaves the window); ATTEMPTS_IN_FLIGHT when
 * the places left are held by attempts still being charged. Holds the donor's locks until the
 * statement's transaction ends: asked in the statement that inserts the pending order
 * (order-repo.ts `insertPendingOrderBelowDeclineLimit`, before every charge) and, when that inserted
 * nothing, with its Idempotency-Key lookup (`findOrderAndDeclineWait`). The limits are inlined:
 * constants, never input, and the prepared statements then need no parameter types for them.
 */
export function declineWaitSeconds(): SQL<number> {
  const limits = sql.raw(`${DECLINE_LIMIT}, ${DECLINE_WINDOW_SECONDS}`);
  return sql<number>`checkout_attempt_wait(${sql.placeholder('declineIp')}, ${sql.placeholder('declineEmail')}, ${limits})`.mapWith(
    Number,
  );
}

/** Throws TooManyDeclinesError when the address or the e-mail reached the limit. */
export function assertBelowDeclineLimit(waitSeconds: number): void {
  if (waitSeconds > 0) throw new TooManyDeclinesError(Math.max(1, waitSeconds));
}

/**
 * How long an attempt waits for a place held by attempts at the gateway before it is refused (429,
 * Retry-After 60). A sandbox charge takes milliseconds and Braintree's a second or two; a burst of
 * declining cards ends the wait sooner, as soon as the declines land (then the limit answers).
 */
export const PLACE_QUEUE_MS = 10_000;

/** Between two looks for a place: jittered so waiting requests do not all ask at once. */
export function placePollDelayMs(): number {
  return 50 + Math.floor(Math.random() * 100);
}
