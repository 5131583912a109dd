import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, postgresMissing, type TestDb, usingPostgres } from '../../../test/test-db';
import { listenForKicks, notifyingKick } from './cross-process-kick';

const quiet = { warn: () => undefined };

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

// PostgreSQL only: web and worker processes share nothing else (PGlite is one process).
describe.runIf(usingPostgres && !postgresMissing)("a web process's kick reaches the worker", () => {
  let web: TestDb;
  let worker: TestDb;
  beforeAll(async () => {
    web = await createTestDb();
    // The worker's own pool on the same database, as another process would have.
    const { openDatabase } = await import('#src/db/client');
    const url = web.url ?? '';
    const connection = await openDatabase({ kind: 'postgres', url });
    worker = { db: connection.db, connection, url, close: () => connection.close() };
  });
  afterAll(async () => {
    await worker?.close();
    await web?.close();
  });

  it('as one NOTIFY for a burst of kicks, and none once the worker stopped listening', async () => {
    if (worker.connection.kind !== 'postgres') throw new Error('postgres only');
    let kicks = 0;
    const listener = listenForKicks(worker.connection.pool, () => (kicks += 1), quiet);
    const notifier = notifyingKick(web.db, quiet);
    // LISTEN is issued asynchronously: kick until it is heard once.
    await until(() => {
      if (kicks === 0) notifier.kick();
      return kicks > 0;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    kicks = 0;
    for (let i = 0; i < 20; i += 1) notifier.kick();
    await until(() => kicks > 0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(kicks).toBe(1);
    await listener.stop();
    kicks = 0;
    notifier.kick();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(kicks).toBe(0);
  });
});
