/**
 * The mail worker's kick across processes (ROLE=web beside ROLE=worker, PostgreSQL only): a web
 * process has no worker of its own, so after a transaction that queued mail it sends a NOTIFY, and
 * the worker, LISTENing on a connection of its own, kicks its loop. A receipt then leaves as soon as
 * in the single process, instead of at the next poll (5 s). Only a hint: a notification lost (no
 * worker listening, a connection dropped) is a message sent at the next poll, never a message lost.
 */
import { sql } from 'drizzle-orm';
import type { Pool } from 'pg';
import type { Logger } from 'pino';
import type { Database } from '#src/db/client';
import { type ChannelListener, listenChannel } from '#src/db/listen-channel';
import { KICK_DELAY_MS, type MailNotifier } from './worker';

/** The NOTIFY channel; any constant every process of this app shares. */
const CHANNEL = 'store_mail_outbox';

/** How long a worker waits before listening again after its connection failed. */
const RELISTEN_MS = 5_000;

/**
 * For a web process: a MailNotifier whose kicks become one NOTIFY per KICK_DELAY_MS, however many
 * checkouts kick meanwhile (a statement per checkout would cost what batching the worker saved).
 */
export function notifyingKick(db: Database, logger: Pick<Logger, 'warn'>): MailNotifier {
  let timer: NodeJS.Timeout | undefined;
  return {
    kick() {
      if (timer) return;
      timer = setTimeout(() => {
        timer = undefined;
        db.execute(sql`select pg_notify(${CHANNEL}, '')`).catch((error: unknown) =>
          logger.warn({ err: error }, 'mail kick NOTIFY failed; the worker sends at its next poll'),
        );
      }, KICK_DELAY_MS);
      timer.unref();
    },
  };
}

/**
 * For a worker process: LISTENs on a client of its own from the pool and calls `onKick` at each
 * notification; listens again after a failure. `stop()` gives the client back (before the pool ends).
 */
export function listenForKicks(pool: Pool, onKick: () => void, logger: Pick<Logger, 'warn'>): ChannelListener {
  return listenChannel({
    pool,
    channel: CHANNEL,
    onNotify: onKick,
    retryMs: RELISTEN_MS,
    failure: 'mail kick LISTEN failed; listening again soon, polling meanwhile',
    logger,
  });
}
