/**
 * Graceful shutdown and health (issue 7), against the server process on this run's database:
 *  - SIGTERM while a long request is in flight (the report's CSV of 20,000 orders, read slowly by
 *    its client): the download completes, byte-exact to its last line, new connections are refused
 *    meanwhile, and the process then exits with code 0;
 *  - /healthz says whether the database answers: 200 `database: ok`; on PostgreSQL, 503
 *    `database: unreachable` while the database refuses connections, and 200 again once it is back.
 */
import { request } from 'node:http';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { generateOrders } from '../../apps/server/test/seed-orders';
import { describeWithDb } from '../../apps/server/test/test-db';
import { recordFigures } from '../support/figures';
import { basic, send } from '../support/store-client';
import { type StoreServer, startStoreServer } from '../support/store-server';

/** The account password (ADMIN_PASSWORD): an owner's needs two-factor, so the report takes a key. */
const ADMIN_ACCOUNT_PASSWORD = 'shutdown test passphrase';
/** What /report takes: the username and the report key ADMIN_REPORT_KEY installs, as the password. */
const ADMIN = { username: 'treasurer', password: 'rk_graceful-shutdown-report-key-0123456789' };
/** A download of a few MB: long enough to be in flight, well within the 10 s main.ts allows a stop. */
const ORDERS = 20_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Download = {
  status: number;
  bytes: number;
  text: string;
  ended: boolean;
  firstChunk: Promise<void>;
  done: Promise<void>;
};

/** GET with a client that reads slowly (a pause every 64 KB), as a treasurer on a poor line would. */
function slowDownload(url: string, headers: Record<string, string>): Download {
  const download: Download = {
    status: 0,
    bytes: 0,
    text: '',
    ended: false,
    firstChunk: Promise.resolve(),
    done: Promise.resolve(),
  };
  const chunks: Buffer[] = [];
  let first: () => void = () => undefined;
  download.firstChunk = new Promise((resolve) => {
    first = resolve;
  });
  download.done = new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      download.status = res.statusCode ?? 0;
      let sinceLastPause = 0;
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        download.bytes += chunk.length;
        first();
        sinceLastPause += chunk.length;
        if (sinceLastPause >= 64 * 1024) {
          sinceLastPause = 0;
          res.pause();
          setTimeout(() => res.resume(), 15);
        }
      });
      res.on('end', () => {
        download.ended = true;
        download.text = Buffer.concat(chunks).toString('utf8');
        resolve();
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
  return download;
}

const logLineSchema = z.looseObject({
  msg: z.string().optional(),
  reqId: z.string().optional(),
  req: z.looseObject({ url: z.string().optional() }).optional(),
});

/** The URLs of the requests the server finished, in the order it logged them (pino, LOG_LEVEL=info). */
function completionOrder(output: string): string[] {
  const order: string[] = [];
  for (const line of output.split('\n')) {
    if (!line.startsWith('{')) continue;
    const parsed = logLineSchema.safeParse(JSON.parse(line));
    if (!parsed.success) continue;
    const entry = parsed.data;
    // One line per request, written when its answer has gone out (plugins/request-log.ts).
    if (entry.msg === 'request completed' && entry.req?.url) order.push(entry.req.url);
  }
  return order;
}

describeWithDb('graceful shutdown and health', () => {
  let store: StoreServer;
  const figures: Record<string, unknown> = {};

  beforeAll(async () => {
    store = await startStoreServer({
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN_ACCOUNT_PASSWORD,
      ADMIN_REPORT_KEY: ADMIN.password,
      LOG_LEVEL: 'info',
    });
    await store.query((db) => generateOrders(db, { count: ORDERS, failedEvery: 0, prefix: 'shutdown' }));
  }, 300_000);

  afterAll(async () => {
    recordFigures('shutdown', figures);
    await store?.close();
  });

  it('reports the database in /healthz', async () => {
    const res = await send(store.baseUrl, '/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', database: 'ok' });
  });

  it('answers 503 while PostgreSQL refuses connections, and 200 once it is back', async (context) => {
    if (store.database.kind !== 'postgres') {
      context.skip();
      return;
    }
    const name = new URL(store.database.databaseUrl ?? '').pathname.slice(1);
    // From the server's administrative database: a database cannot close its own doors.
    const admin = new pg.Client({ connectionString: inject('postgresUrl') });
    await admin.connect();
    let down: Awaited<ReturnType<typeof send>>;
    try {
      await admin.query(`alter database ${name} allow_connections false`);
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
      down = await send(store.baseUrl, '/healthz');
    } finally {
      await admin.query(`alter database ${name} allow_connections true`);
      await admin.end();
    }
    figures.healthWhileDatabaseDown = { status: down.status, body: down.body };
    expect(down.status).toBe(503);
    expect(down.body).toEqual({ status: 'error', database: 'unreachable' });
    const deadline = Date.now() + 20_000;
    let up = await send(store.baseUrl, '/healthz');
    while (up.status !== 200 && Date.now() < deadline) {
      await sleep(200);
      up = await send(store.baseUrl, '/healthz');
    }
    expect(up.body).toEqual({ status: 'ok', database: 'ok' });
  });

  // Found by this suite: on PGlite the export's batches never returned to the event loop, so a big
  // download held every other request (and SIGTERM) until it ended.
  it('keeps answering other requests while a large CSV download streams', async () => {
    const download = slowDownload(`${store.baseUrl}/api/report-data.csv?limit=1`, basic(ADMIN));
    await download.firstChunk;
    const health = await send(store.baseUrl, '/healthz?during=download');
    await download.done;
    // In the server's own log: which request it finished first (the client reads the CSV slowly,
    // so the client's view would lag behind what the server had already written).
    const order = completionOrder(store.process().output());
    figures.healthDuringDownload = { status: health.status, order };
    expect(health.status).toBe(200);
    expect(order.indexOf('/healthz?during=download')).toBeLessThan(order.indexOf('/api/report-data.csv?limit=1'));
  });

  it('finishes a download in flight after SIGTERM, refuses new connections, then exits 0', async () => {
    const server = store.process();
    const download = slowDownload(`${store.baseUrl}/api/report-data.csv`, basic(ADMIN));
    await download.firstChunk;
    const bytesAtSignal = download.bytes;
    process.kill(server.pid, 'SIGTERM');
    // Once the server has begun to stop, a new request is refused (no listener) or answered 503.
    while (!server.output().includes('"msg":"shutting down"')) await sleep(20);
    const late = await send(store.baseUrl, '/healthz').catch((error: unknown) => ({ status: 0, error: String(error) }));
    await download.done;
    const exit = await server.exited;
    const lines = download.text.split('\r\n');
    figures.sigtermDuringDownload = {
      orders: ORDERS,
      bytesAtSignal,
      bytesTotal: download.bytes,
      lateRequestStatus: late.status,
      exit,
    };
    expect(download.status).toBe(200);
    expect(bytesAtSignal).toBeLessThan(download.bytes);
    // A header line, one line per order, and the final CRLF (an empty last element).
    expect(lines.length).toBe(ORDERS + 2);
    expect(lines.at(-1)).toBe('');
    expect([0, 503]).toContain(late.status);
    expect(exit).toEqual({ code: 0, signal: null });
    expect(server.output()).toContain('shutting down');
    await store.restart();
  });
});
