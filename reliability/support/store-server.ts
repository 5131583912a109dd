/**
 * A store server process on a database of its own, for suites that talk to it over HTTP and then
 * look at the database:
 *
 *   const store = await startStoreServer({ CAPTCHA_PROVIDER: 'off' });   // beforeAll
 *   await fetch(`${store.baseUrl}/healthz`);
 *   const n = await store.query((db) => ...);   // PGlite: the server is stopped for it, then restarted
 *   await store.query((db) => ..., { last: true });   // the file's last: PGlite's server stays stopped
 *   await store.close();                          // afterAll
 */
import type { Database } from '../../apps/server/src/db/client';
import { freePort } from '../../test/free-port';
import { createServerDatabase, type ServerDatabase } from './server-database';
import { type ServerProcess, startServerProcess } from './server-process';

export type StoreServer = {
  readonly baseUrl: string;
  readonly database: ServerDatabase;
  /** The process running now (a restart replaces it). */
  process: () => ServerProcess;
  /**
   * Runs `fn` on the database: beside the server on PostgreSQL; on PGlite with the server stopped
   * meanwhile and started again after. `{ last: true }`: the file's last use of the server, which on
   * PGlite then stays stopped (a start of 2–3 s of CPU that only `close` would have stopped).
   */
  query: <T>(fn: (db: Database) => Promise<T>, options?: { last?: boolean }) => Promise<T>;
  /** Starts the server again on the same port and data (after a stop or a kill), with `env` added. */
  restart: (env?: Record<string, string>) => Promise<ServerProcess>;
  close: () => Promise<void>;
};

export async function startStoreServer(env: Record<string, string> = {}): Promise<StoreServer> {
  const database = await createServerDatabase();
  const port = await freePort();
  // What the last restart added: kept for the restarts `query` makes on PGlite.
  let extraEnv: Record<string, string> = {};
  const launch = () =>
    startServerProcess({
      port,
      dataDir: database.dataDir,
      databaseUrl: database.databaseUrl,
      env: { LOG_LEVEL: 'warn', ...env, ...extraEnv },
    });
  let current: ServerProcess;
  try {
    current = await launch();
  } catch (error) {
    await database.close();
    throw error;
  }
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    database,
    process: () => current,
    query: async (fn, { last = false } = {}) => {
      if (database.kind === 'postgres') return database.withDb(fn);
      await current.stop();
      try {
        return await database.withDb(fn);
      } finally {
        if (!last) current = await launch();
      }
    },
    restart: async (extra = {}) => {
      await current.stop();
      extraEnv = extra;
      current = await launch();
      return current;
    },
    close: async () => {
      try {
        await current.stop();
      } finally {
        await database.close();
      }
    },
  };
}
