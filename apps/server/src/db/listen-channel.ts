/**
 * LISTEN on a PostgreSQL channel (PostgreSQL only: PGlite is one process and needs no messages
 * between processes). LISTEN holds a connection of its own for as long as it lasts, so it takes a
 * client out of the pool for good; when that connection fails (server restart, failover, a killed
 * backend) it listens again after `retryMs`. Notifications sent while nobody listened are lost:
 * `onListening` runs each time listening (re)starts, so the caller can catch up on what it missed.
 */
import type { Pool, PoolClient } from 'pg';
import type { Logger } from 'pino';

export type ListenChannelOptions = {
  pool: Pool;
  /** A constant identifier (it is written into the LISTEN statement as it is). */
  channel: string;
  onNotify: () => void;
  onListening?: () => void;
  retryMs: number;
  /** Logged (warn) when the connection fails; say what the caller does meanwhile. */
  failure: string;
  logger: Pick<Logger, 'warn'>;
};

export type ChannelListener = { stop: () => Promise<void> };

export function listenChannel(options: ListenChannelOptions): ChannelListener {
  const { pool, channel, onNotify, onListening, retryMs, failure, logger } = options;
  let client: PoolClient | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  /** Gives up `failed` (its error and end events and the query's rejection may all report it: once). */
  const drop = (failed: PoolClient | undefined, error: unknown) => {
    if (failed !== client) return;
    logger.warn({ err: error, channel }, failure);
    client?.release(true);
    client = undefined;
    if (!stopped) {
      retry = setTimeout(() => void listen(), retryMs);
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
        if (message.channel === channel) onNotify();
      });
      current.on('error', (error) => drop(current, error));
      current.on('end', () => drop(current, new Error('the LISTEN connection ended')));
      await current.query(`listen ${channel}`);
      onListening?.();
    } catch (error) {
      // Not connected (next unset, client unset): retry. LISTEN failed: drop next, unless one of its
      // events already did.
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
        await listening.query(`unlisten ${channel}`);
        listening.release();
      } catch {
        listening.release(true);
      }
    },
  };
}
