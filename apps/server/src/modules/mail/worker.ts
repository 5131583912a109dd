/**
 * Sends what the outbox holds, off the request path: every few seconds, and shortly after a kick
 * (a checkout queued a receipt). Each process runs one; claiming (outbox.ts) keeps several from
 * sending the same message. Nothing here throws to a caller: a failure is logged and retried.
 *
 * Under load it must cost the requests as little as it can, since it shares their CPU and their
 * database: kicks within KICK_DELAY_MS are served by one round, a round claims up to `batchSize`
 * messages in one statement and marks those it sent in one more. (Claiming 5 and marking each one
 * cost a quarter of a checkout's server CPU at 600 checkouts/s: bench/BENCHMARKS.md "Checkout".)
 * The price: a process killed mid-batch sends that batch's sent messages again once their lease
 * ends, as it already did for the one message being marked.
 */
import type { Logger } from 'pino';
import type { Database } from '#src/db/client';
import { claimDueMails, describeError, markFailed, markSent, type OutboxMail, releaseMails } from './outbox';
import { type MailRenderers, type PreparedMail, prepareBatch } from './render';
import type { MailTransport } from './transport';

/** A kick waits this long, so a burst of receipts is claimed and marked in one round, not one each. */
export const KICK_DELAY_MS = 25;

/** What the rest of the app sees of the worker (AppContext.mail). */
export type MailNotifier = { kick(): void };

export type MailWorker = MailNotifier & {
  /** Stops polling and waits for the message being sent, if any. Claimed but unsent ones are given back. */
  stop(): Promise<void>;
};

export type MailWorkerOptions = {
  db: Database;
  transport: MailTransport;
  /**
   * Who writes the messages queued by reference, by kind (render.ts), registered at start-up by the
   * modules that own them (src/mail-renderers.ts). Rows queued with their content need none.
   */
  renderers?: MailRenderers;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** Polling period; picks up retries and messages queued by other processes. */
  intervalMs?: number;
  /** Messages claimed per round; each round repeats at once while it comes back full. */
  batchSize?: number;
  /** Tests move time forward to make retries due. */
  clock?: () => Date;
};

export function startMailWorker({
  db,
  transport,
  renderers = {},
  logger,
  intervalMs = 5_000,
  batchSize = 25,
  clock = () => new Date(),
}: MailWorkerOptions): MailWorker {
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let timerDueAt = Number.POSITIVE_INFINITY;
  let running: Promise<void> | undefined;
  // A kick during a round may concern a message the round's claim did not see: run once more.
  let again = false;

  /** True when the transport accepted the message; a failure (to write it or to send it) is recorded for a retry. */
  async function sendOne(prepared: PreparedMail): Promise<boolean> {
    const { mail } = prepared;
    const about = { mailId: mail.id, kind: mail.kind, subjectId: mail.subjectId };
    try {
      if ('error' in prepared) throw prepared.error;
      await transport.send(prepared.outgoing);
    } catch (error) {
      // The message and the body are never logged: they hold the donor's details.
      const outcome = await markFailed(db, { id: mail.id, attempts: mail.attempts, error, now: clock() });
      const fields = { ...about, attempts: outcome.attempts, error: describeError(error) };
      if (outcome.gaveUp) logger.error(fields, 'e-mail could not be sent; giving up');
      else logger.warn({ ...fields, nextAttemptAt: outcome.nextAttemptAt.toISOString() }, 'e-mail failed; will retry');
      return false;
    }
    logger.info({ ...about, transport: transport.kind }, 'e-mail sent');
    return true;
  }

  /**
   * Sends a claimed batch; marks what went out in one statement, also when stopping halfway. The
   * messages are written first, each kind's in one read (render.ts).
   */
  async function sendBatch(batch: readonly OutboxMail[]): Promise<void> {
    if (batch.length === 0) return;
    const prepared = await prepareBatch(batch, renderers);
    const sent: string[] = [];
    try {
      for (const [index, item] of prepared.entries()) {
        if (stopping) {
          await releaseMails(db, { ids: batch.slice(index).map((m) => m.id), now: clock() });
          return;
        }
        if (await sendOne(item)) sent.push(item.mail.id);
      }
    } finally {
      await markSent(db, { ids: sent, now: clock() });
    }
  }

  async function round(): Promise<void> {
    for (;;) {
      const batch = await claimDueMails(db, { limit: batchSize, now: clock() });
      await sendBatch(batch);
      if (batch.length < batchSize || stopping) return;
    }
  }

  /** Runs a round in `delayMs`, unless one is already due sooner (a kick never delays a due round). */
  function schedule(delayMs: number): void {
    if (stopping) return;
    const dueAt = Date.now() + delayMs;
    if (timer && dueAt >= timerDueAt) return;
    clearTimeout(timer);
    timerDueAt = dueAt;
    timer = setTimeout(() => {
      timer = undefined;
      timerDueAt = Number.POSITIVE_INFINITY;
      run();
    }, delayMs);
    // Polling alone must not keep a process (or a test run) alive.
    timer.unref();
  }

  function run(): void {
    if (stopping) return;
    if (running) {
      again = true;
      return;
    }
    again = false;
    running = round()
      .catch((error: unknown) => logger.warn({ error: describeError(error) }, 'mail worker round failed'))
      .finally(() => {
        running = undefined;
        schedule(again ? KICK_DELAY_MS : intervalMs);
      });
  }

  function kick(): void {
    if (running) again = true;
    else schedule(KICK_DELAY_MS);
  }

  schedule(0);
  return {
    kick,
    async stop() {
      stopping = true;
      clearTimeout(timer);
      await running;
    },
  };
}
