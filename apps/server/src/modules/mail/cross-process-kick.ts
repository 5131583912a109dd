/**
 * The mail worker's kick across processes (ROLE=web beside ROLE=worker, PostgreSQL only): a web
 * process has no worker of its own, so after a transaction that queued mail it sends a NOTIFY, and
 * the worker, LISTENing on a connection of its own, kicks its loop. A receipt then leaves as soon as
 * in the single process, instead of at the next poll (5 s). Only a hint: a notification lost (no
 * worker listening, a connection dropped) is a message sent at the next poll, never a message lost.
 */
import { sql } from 'drizzle-orm';
import type { Pool, PoolClient } from 'pg';
import type { Logger } from 'pino';
import type { Database } from '#src/db/client';
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
export function listenForKicks(
  pool: Pool,
  onKick: () => void,
  logger: Pick<Logger, 'warn'>,
): { stop: () => Promise<void> } {
  let client: PoolClient | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  /** Gives up `failed` (an error event and the query's rejection may both report it: once). */
  const drop = (failed: PoolClient | undefined, error: unknown) => {
    if (failed !== client) return;
    logger.warn({ err: error }, 'mail kick LISTEN failed; listening again soon, polling meanwhile');
    client?.release(true);
    client = undefined;
    if (!stopped) {
      retry = setTimeout(() => void listen(), RELISTEN_MS);
      retry.unref();
    }
  };

  async function listen(): Promise<void> {
    let next: PoolClient | undefined;
    try {
      next = await pool.connect();
      if (stopped) {
        next.release();
        return;
      }
      const current = next;
      client = current;
      current.on('notification', (message) => {
        if (message.channel === CHANNEL) onKick();
      });
      current.on('error', (error) => drop(current, error));
      await current.query(`listen ${CHANNEL}`);
    } catch (error) {
      // Not connected (next unset, client unset): retry. LISTEN failed: drop next, unless its error
      // event already did.
      drop(next, error);
    }
  }

  void listen();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(retry);
      const listening = client;
      client = undefined;
      if (!listening) return;
      try {
        await listening.query(`unlisten ${CHANNEL}`);
        listening.release();
      } catch {
        listening.release(true);
      }
    },
  };
}
