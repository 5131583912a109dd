/**
 * Sends what the outbox holds, off the request path: every few seconds, and at once when kicked
 * (after a checkout queued a receipt). Each process runs one; claiming (outbox.ts) keeps several
 * from sending the same message. Nothing here throws to a caller: a failure is logged and retried.
 */
import type { Logger } from 'pino';
import type { Database } from '../../db/client';
import { claimDueMails, describeError, markFailed, markSent, releaseMails } from './outbox';
import type { MailTransport } from './transport';

/** What the rest of the app sees of the worker (AppContext.mail). */
export type MailNotifier = { kick(): void };

export type MailWorker = MailNotifier & {
  /** Stops polling and waits for the message being sent, if any. Claimed but unsent ones are given back. */
  stop(): Promise<void>;
};

export type MailWorkerOptions = {
  db: Database;
  transport: MailTransport;
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
  logger,
  intervalMs = 5_000,
  batchSize = 5,
  clock = () => new Date(),
}: MailWorkerOptions): MailWorker {
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  // A kick during a round may concern a message the round's claim did not see: run once more.
  let again = false;

  async function sendOne(mail: Awaited<ReturnType<typeof claimDueMails>>[number]): Promise<void> {
    const about = { mailId: mail.id, kind: mail.kind, subjectId: mail.subjectId };
    try {
      await transport.send(mail);
    } catch (error) {
      // The message and the body are never logged: they hold the donor's details.
      const outcome = await markFailed(db, { id: mail.id, attempts: mail.attempts, error, now: clock() });
      const fields = { ...about, attempts: outcome.attempts, error: describeError(error) };
      if (outcome.gaveUp) logger.error(fields, 'e-mail could not be sent; giving up');
      else logger.warn({ ...fields, nextAttemptAt: outcome.nextAttemptAt.toISOString() }, 'e-mail failed; will retry');
      return;
    }
    await markSent(db, { id: mail.id, now: clock() });
    logger.info({ ...about, transport: transport.kind }, 'e-mail sent');
  }

  async function round(): Promise<void> {
    for (;;) {
      const batch = await claimDueMails(db, { limit: batchSize, now: clock() });
      for (const [index, mail] of batch.entries()) {
        if (stopping) {
          await releaseMails(db, { ids: batch.slice(index).map((m) => m.id), now: clock() });
          return;
        }
        await sendOne(mail);
      }
      if (batch.length < batchSize || stopping) return;
    }
  }

  function schedule(delayMs: number): void {
    clearTimeout(timer);
    if (stopping) return;
    timer = setTimeout(run, delayMs);
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
        schedule(again ? 0 : intervalMs);
      });
  }

  schedule(0);
  return {
    kick: run,
    async stop() {
      stopping = true;
      clearTimeout(timer);
      await running;
    },
  };
}
