/**
 * Production's split (issue 19): two `web` replicas and one `worker` on one PostgreSQL behave like
 * the single process. Over real HTTP: a session opened on one replica is known to the other, one
 * Idempotency-Key sent to both charges once, declines count across replicas, every receipt is sent
 * exactly once and only by the worker, which serves nothing but its health checks; a price an
 * editor changes through one replica is the other's next charge, and its pages' within RECHECK_MS
 * (sooner by NOTIFY, and still within it when the LISTEN connections die); wrong two-factor codes
 * through both replicas lock the member's code step at ten, with one e-mail. The migrate
 * role runs first and exits. On PGlite (single-process) the split is refused, naming ROLE.
 */

import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { catalogueResponseSchema } from '@store/shared/site';
import { staffCatalogueSchema } from '@store/shared/site-content';
import { staffMessages } from '@store/shared/staff';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../apps/server/src/db/client';
import { statementLogEnv } from '../../apps/server/src/db/statement-log';
import { admins } from '../../apps/server/src/modules/admins/tables';
import { CONTENT_CHANNEL } from '../../apps/server/src/modules/site-content/content-notifications';
import { RECHECK_MS } from '../../apps/server/src/modules/site-content/site-content-store';
import { auditLog } from '../../apps/server/src/modules/staff/tables';
import { totpCodeNow } from '../../apps/server/src/modules/staff/totp';
import { BOOK, checkoutBody, DECLINING_CARD } from '../../apps/server/test/checkout-helpers';
import { STAFF_PASSWORD, signInStaff } from '../../apps/server/test/staff-helpers';
import { postgresMissing, usingPostgres } from '../../apps/server/test/test-db';
import { freePort } from '../../test/free-port';
import { recordFigures } from '../support/figures';
import { createServerDatabase, type ServerDatabase } from '../support/server-database';
import {
  BUILT_MAIN,
  REPO_ROOT,
  type ServerProcess,
  spawnServerProcess,
  startServerProcess,
} from '../support/server-process';
import { type Answer, cardNonce, checkout, count, postJson, send } from '../support/store-client';

const ORDERS = 12;

const CATALOGUE_BLOCK = /<script type="application\/json" id="catalogue-data">(.*?)<\/script>/s;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function outboxFiles(dataDir: string): string[] {
  try {
    return readdirSync(join(dataDir, 'outbox')).filter((name) => name.endsWith('.eml'));
  } catch {
    return [];
  }
}

/** The receipts among them (the sign-up above also mails its e-mail verification link). */
function receiptFiles(dataDir: string): string[] {
  return outboxFiles(dataDir).filter((name) => name.includes('-receipt-'));
}

describe.runIf(!usingPostgres)('roles on PGlite', () => {
  it('refuses ROLE=web and ROLE=worker without DATABASE_URL, naming ROLE', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'roles-pglite-'));
    try {
      for (const role of ['web', 'worker']) {
        const start = startServerProcess({ port: await freePort(), dataDir, env: { ROLE: role } });
        await expect(start).rejects.toThrow(`Invalid environment: ROLE=${role} needs DATABASE_URL`);
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe.runIf(usingPostgres && !postgresMissing)('two web replicas and one worker on one PostgreSQL', () => {
  let database: ServerDatabase;
  const dirs: string[] = [];
  const processes: ServerProcess[] = [];
  let webA: ServerProcess;
  let webB: ServerProcess;
  let worker: ServerProcess;
  let workerDir: string;
  const figures: Record<string, unknown> = {};

  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'roles-'));
    dirs.push(dir);
    return dir;
  };
  const unsentMails = async () =>
    (
      await database.withDb((db) =>
        db.execute<{ n: number }>(sql`select count(*)::int as n from mail_outbox where sent_at is null`),
      )
    ).rows[0]?.n;

  /**
   * Has the worker run one more round after every message so far went out, and waits until it has
   * ended: a checkout's receipt is queued with its order and kicked by NOTIFY, so the worker claims it
   * in a round that starts after the one running now, and that round, which would also claim anything
   * sent but claimable again, has ended once no message is left unsent. Not a fixed wait for the 5 s
   * poll (6 s a test): the round is the same code whichever starts it.
   */
  let rounds = 0;
  const oneMoreRound = async () => {
    rounds += 1;
    const paid = await checkout(webB.baseUrl, randomUUID(), await cardNonce(webB.baseUrl), undefined, {
      'x-forwarded-for': `10.80.${rounds}.1`,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    await expect.poll(unsentMails, { timeout: 20_000, interval: 50 }).toBe(0);
  };

  const start = async (role: string, dir = dataDir()) => {
    const server = await startServerProcess({
      port: await freePort(),
      dataDir: dir,
      databaseUrl: database.databaseUrl,
      env: { ROLE: role, CAPTCHA_PROVIDER: 'off', TRUST_PROXY: 'true', LOG_LEVEL: 'warn' },
    });
    processes.push(server);
    return server;
  };

  beforeAll(async () => {
    database = await createServerDatabase();
    workerDir = dataDir();
    [webA, webB, worker] = await Promise.all([start('web'), start('web'), start('worker', workerDir)]);
  });

  afterAll(async () => {
    recordFigures('roles', figures);
    await Promise.all(processes.map((p) => p.stop()));
    await database?.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('the migrate role applies the migrations and exits 0 (here: nothing to do)', async () => {
    const run = spawnSync(process.execPath, [BUILT_MAIN, 'migrate'], {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        ...statementLogEnv(),
        DATABASE_URL: database.databaseUrl ?? '',
        DATA_DIR: dataDir(),
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain('migrations applied');
  });

  it('the worker answers its health checks and serves no page and no API', async () => {
    expect((await send(worker.baseUrl, '/healthz/ready')).body).toEqual({
      status: 'ok',
      database: 'ok',
      migrations: 'applied',
      shuttingDown: false,
    });
    expect((await send(worker.baseUrl, '/api/public/catalogue')).status).toBe(404);
    expect((await send(webA.baseUrl, '/healthz/ready')).status).toBe(200);
  });

  it('knows a session opened on one replica on the other', async () => {
    const email = `split-${randomUUID().slice(0, 8)}@example.org`;
    const made = await postJson(
      webA.baseUrl,
      '/auth/register',
      { name: 'Asha', email, password: 'a long enough passphrase' },
      { origin: webA.baseUrl },
    );
    expect(made.status).toBe(201);
    const cookie = (made.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    expect(cookie).not.toBe('');
    const profile = await send(webB.baseUrl, '/auth/profile', { headers: { cookie } });
    expect(profile.status).toBe(200);
    expect(JSON.stringify(profile.body)).toContain(email);
  });

  it('charges once for one Idempotency-Key sent to both replicas at once', async () => {
    const key = randomUUID();
    const [nonceA, nonceB] = await Promise.all([cardNonce(webA.baseUrl), cardNonce(webB.baseUrl)]);
    const answers = await Promise.all([checkout(webA.baseUrl, key, nonceA), checkout(webB.baseUrl, key, nonceB)]);
    expect(answers.every((a) => a.status === 200 || a.status === 409)).toBe(true);
    const again = await checkout(webB.baseUrl, key, await cardNonce(webB.baseUrl));
    const first = await checkout(webA.baseUrl, key, await cardNonce(webA.baseUrl));
    expect([again.status, first.status]).toEqual([200, 200]);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.orderId).toBe(first.body.orderId);
    const rows = await database.withDb((db) =>
      db.execute<{ n: number }>(sql`select count(*)::int as n from orders where idempotency_key = ${key}`),
    );
    expect(rows.rows[0]?.n).toBe(1);
  });

  it('counts declines from one address across both replicas', async () => {
    const address = `10.77.${Math.floor(Math.random() * 250)}.9`;
    const email = `declined-${randomUUID().slice(0, 8)}@example.org`;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const replica = i % 2 === 0 ? webA : webB;
      const nonce = await cardNonce(replica.baseUrl, DECLINING_CARD);
      // An e-mail of its own: five declines for one e-mail are limited too, and the next test reuses the default.
      const body = checkoutBody(nonce, undefined, email);
      const answer = await postJson(replica.baseUrl, '/api/public/payment/checkout', body, {
        'idempotency-key': randomUUID(),
        'x-forwarded-for': address,
      });
      statuses.push(answer.status);
    }
    figures.declinesAcrossReplicas = statuses;
    expect(statuses).toEqual([402, 402, 402, 402, 402, 429]);
  });

  it(`sends each of ${ORDERS} receipts exactly once, from the worker only`, async () => {
    const before = receiptFiles(workerDir).length;
    const answers = await Promise.all(
      Array.from({ length: ORDERS }, async (_, i) => {
        const replica = i % 2 === 0 ? webA : webB;
        return checkout(replica.baseUrl, randomUUID(), await cardNonce(replica.baseUrl), undefined, {
          'x-forwarded-for': `10.78.${i}.1`,
        });
      }),
    );
    expect(count(answers, (a) => a.status)).toEqual({ 200: ORDERS });
    // Kicked by NOTIFY, the worker sends at once; its 5 s poll is the fallback: three rounds at most,
    // then one more round to show that nothing is sent twice.
    const queued = Date.now();
    const deadline = queued + 20_000;
    while (receiptFiles(workerDir).length < before + ORDERS && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    figures.receiptsWrittenMs = Date.now() - queued;
    // It leaves nothing unsent (its own receipt included).
    await oneMoreRound();
    // Every approved order so far (the idempotent one and the round's included) has its receipt, once.
    const orders = await database.withDb((db) =>
      db.execute<{ n: number }>(sql`select count(*)::int as n from orders where status = 'succeeded'`),
    );
    figures.receipts = { orders: orders.rows[0]?.n, files: receiptFiles(workerDir).length };
    expect(receiptFiles(workerDir)).toHaveLength(orders.rows[0]?.n ?? -1);
    expect(await unsentMails()).toBe(0);
    for (const dir of dirs.filter((d) => d !== workerDir)) expect(outboxFiles(dir)).toEqual([]);
  }, 60_000);

  /** An editor's session, as the back office's sign-in leaves it, written straight to the shared database. */
  const editorHeaders = async () => {
    const connection = await openDatabase({ kind: 'postgres', url: database.databaseUrl ?? '' });
    try {
      const { token } = await signInStaff(
        { testDb: { db: connection.db, connection, close: connection.close } },
        'editor',
      );
      return { origin: webA.baseUrl, cookie: `store_staff=${token}`, 'content-type': 'application/json' };
    } finally {
      await connection.close();
    }
  };
  /** Through replica A, as the back office does it. */
  const setBookPrice = async (headers: Record<string, string>, price: number) => {
    const current = staffCatalogueSchema.parse((await send(webA.baseUrl, '/api/staff/catalogue', { headers })).body);
    const book = current.content.catalogue.find((i) => i.id === BOOK.id);
    const saved = await send(webA.baseUrl, `/api/staff/catalogue/items/${BOOK.id}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ version: current.version, item: { ...book, id: undefined, price } }),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  };
  /** The book's price as replica B's store page carries it (the catalogue embedded in the HTML) and its API answers. */
  const pricesOnB = async () => {
    const html = await (await fetch(`${webB.baseUrl}/`)).text();
    const embedded = catalogueResponseSchema.parse(JSON.parse(html.match(CATALOGUE_BLOCK)?.[1] ?? 'null'));
    const api = catalogueResponseSchema.parse((await send(webB.baseUrl, '/api/public/catalogue')).body);
    return [embedded, api].map((c) => c.items.find((i) => i.id === BOOK.id)?.price);
  };
  const listenersKilled = () =>
    database.withDb((db) =>
      db.execute<{ n: number }>(
        sql`select count(*)::int as n from (select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and query = ${`listen ${CONTENT_CHANNEL}`}) killed`,
      ),
    );

  it('charges a price an editor changed through the other replica at once, and serves it on its pages within RECHECK_MS (issue 21)', async () => {
    const headers = await editorHeaders();
    expect(await pricesOnB()).toEqual([BOOK.price, BOOK.price]);
    await setBookPrice(headers, 6.5);
    const edited = performance.now();
    try {
      // The checkout reads the content's version itself: B's very next one charges the new price.
      const paid = await checkout(webB.baseUrl, randomUUID(), await cardNonce(webB.baseUrl), [
        { ...BOOK, price: 6.5, quantity: 1 },
      ]);
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      expect(paid.body.amount).toBe(6.5);
      // Pages: as soon as B hears the edit's NOTIFY, at the latest at its bounded check.
      let prices = await pricesOnB();
      while (prices.some((p) => p !== 6.5) && performance.now() - edited < RECHECK_MS) prices = await pricesOnB();
      figures.editServedByOtherReplicaMs = Math.round(performance.now() - edited);
      await wait(Math.max(0, edited + RECHECK_MS - performance.now()));
      expect(await pricesOnB()).toEqual([6.5, 6.5]);
    } finally {
      await setBookPrice(headers, BOOK.price);
    }
  });

  it("locks a member's code step after ten wrong codes spread over both replicas, and mails it once", async () => {
    const connection = await openDatabase({ kind: 'postgres', url: database.databaseUrl ?? '' });
    let member: { id: string; username: string };
    try {
      member = await signInStaff({ testDb: { db: connection.db, connection, close: connection.close } }, 'treasurer');
      await connection.db.update(admins).set({ email: 'split-treasurer@example.org' }).where(eq(admins.id, member.id));
    } finally {
      await connection.close();
    }
    let address = 0;
    const from = (replica: ServerProcess, cookie = '') => {
      address += 1;
      return { origin: replica.baseUrl, 'x-forwarded-for': `10.79.${address}.1`, ...(cookie ? { cookie } : {}) };
    };
    const cookieOf = (answer: Answer) => (answer.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const passwordStep = async (replica: ServerProcess) =>
      cookieOf(
        await postJson(
          replica.baseUrl,
          '/api/staff/login',
          { username: member.username, password: STAFF_PASSWORD },
          from(replica),
        ),
      );
    // Enrolled through replica A, as the enrolment page does it.
    const enrolling = await passwordStep(webA);
    const setup = await postJson(webA.baseUrl, '/api/staff/totp/setup', {}, from(webA, enrolling));
    const secret = decodeBase32IgnorePadding(String(setup.body.secret));
    const confirmed = await postJson(
      webA.baseUrl,
      '/api/staff/totp/confirm',
      { code: totpCodeNow(secret) },
      from(webA, enrolling),
    );
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);

    const codeStep = async (replica: ServerProcess, code: string) =>
      postJson(replica.baseUrl, '/api/staff/login/code', { code }, from(replica, await passwordStep(replica)));
    const right = new Set([-30_000, 0, 30_000].map((drift) => totpCodeNow(secret, Date.now() + drift)));
    const wrong = Array.from({ length: 20 }, (_, i) => String(200_000 + i * 7).padStart(6, '0')).filter(
      (c) => !right.has(c),
    );
    const statuses: number[] = [];
    // Twenty at once, ten through each replica, each from its own address.
    const answers = await Promise.all(wrong.slice(0, 20).map((code, i) => codeStep(i % 2 === 0 ? webA : webB, code)));
    statuses.push(...answers.map((a) => a.status));
    const rightCode = totpCodeNow(secret, Date.now() + 30_000);
    const refused = await Promise.all([codeStep(webA, rightCode), codeStep(webB, rightCode)]);
    figures.codeStepAcrossReplicas = {
      checked: statuses.filter((s) => s === 401).length,
      refused: statuses.filter((s) => s === 429).length,
    };
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    // Each 401 is a code checked and found wrong (not a session refused).
    for (const answer of answers.filter((a) => a.status === 401)) {
      expect(JSON.stringify(answer.body)).toContain(staffMessages.invalidCode);
    }
    expect(refused.map((a) => a.status)).toEqual([429, 429]);
    expect(Number(refused[0]?.headers.get('retry-after'))).toBeGreaterThan(14 * 60);

    // The worker sends the one lock e-mail; the web replicas send none. Nothing kicks the worker for
    // it: it goes at the worker's next poll (within 5 s), which is left to happen here.
    const deadline = Date.now() + 20_000;
    const lockMails = () => outboxFiles(workerDir).filter((name) => name.includes('staff-code-step-locked'));
    while (lockMails().length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    await oneMoreRound();
    expect(lockMails()).toHaveLength(1);
    for (const dir of dirs.filter((d) => d !== workerDir)) expect(outboxFiles(dir)).toEqual([]);
    // The query staff/code-step-lock.test.ts reads the lines with, so it runs on both databases.
    const lines = await database.withDb((db) =>
      db
        .select({ action: auditLog.action, actorName: auditLog.actorName, after: auditLog.after })
        .from(auditLog)
        .where(and(eq(auditLog.targetId, member.id), like(auditLog.action, 'staff.code-step.%')))
        .orderBy(auditLog.id),
    );
    expect(lines.map((line) => line.action)).toEqual(['staff.code-step.lock']);
  }, 60_000);

  it("serves an edit within RECHECK_MS when the replicas' LISTEN connections were killed (the bounded check)", async () => {
    const headers = await editorHeaders();
    // Each web replica listens (the worker serves no pages): kill both connections.
    expect((await listenersKilled()).rows[0]?.n).toBe(2);
    await setBookPrice(headers, 7.25);
    try {
      await wait(RECHECK_MS);
      expect(await pricesOnB()).toEqual([7.25, 7.25]);
      // Each replica listens again after 5 s, and catches up when it does.
      expect((await listenersKilled()).rows[0]?.n).toBe(0);
    } finally {
      await setBookPrice(headers, BOOK.price);
    }
    expect(webB.output()).toContain('site content LISTEN failed');
  });

  it('stops every role cleanly on SIGTERM (exit 0, no error logged)', async () => {
    const exits = await Promise.all([webA, webB, worker].map((p) => p.stop()));
    expect(exits).toEqual([0, 0, 0].map((code) => ({ code, signal: null })));
    for (const p of [webA, webB, worker]) expect(p.output()).not.toMatch(/"level":(50|60)/);
  });
});

describe.runIf(usingPostgres && !postgresMissing)('a web replica started before the migrate step', () => {
  let database: ServerDatabase;
  let web: ServerProcess | undefined;
  const dir = mkdtempSync(join(tmpdir(), 'roles-wait-'));

  beforeAll(async () => {
    database = await createServerDatabase();
    // An empty database, as before the first deploy.
    await database.withDb((db) =>
      db.execute(sql`drop schema drizzle cascade; drop schema public cascade; create schema public`),
    );
  });

  afterAll(async () => {
    await web?.stop();
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('waits for the migrations instead of applying them, then serves', async () => {
    const starting = spawnServerProcess({
      port: await freePort(),
      dataDir: dir,
      databaseUrl: database.databaseUrl,
      env: { ROLE: 'web', LOG_LEVEL: 'warn' },
    });
    web = starting;
    // Not migrated by the web process: it says it waits (the line it logs when its first look finds
    // the migrations missing), and there is still no table. Waited for, not a fixed 3 s.
    await until(starting, 'the web replica to say it waits', () =>
      starting.output().includes('ROLE=web: waiting for the migrations; run `npm run migrate`'),
    );
    const tables = await database.withDb((db) =>
      db.execute<{ n: number }>(sql`select count(*)::int as n from pg_tables where schemaname = 'public'`),
    );
    expect(tables.rows[0]?.n).toBe(0);
    const run = spawnSync(process.execPath, [BUILT_MAIN, 'migrate'], {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        ...statementLogEnv(),
        DATABASE_URL: database.databaseUrl ?? '',
        DATA_DIR: dir,
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status, run.stdout + run.stderr).toBe(0);
    // It looks again every 2 s (WAIT_POLL_MS), then starts serving.
    await until(
      starting,
      'the web replica to serve',
      async () => (await send(starting.baseUrl, '/healthz')).status === 200,
    );
    expect(starting.output()).toContain('ROLE=web: waiting for the migrations; run `npm run migrate`');
    expect((await send(starting.baseUrl, '/healthz/ready')).status).toBe(200);
    expect((await send(starting.baseUrl, '/api/public/catalogue')).status).toBe(200);
  });
});

/**
 * Resolves once `condition` holds, asking every 50 ms; fails, with the server's output, if the server
 * exits first or 60 s pass (a generous bound on a loaded machine: the wait usually takes a second).
 */
async function until(server: ServerProcess, what: string, condition: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (await Promise.resolve(condition()).catch(() => false)) return;
    if (!server.isRunning() || Date.now() > deadline) {
      throw new Error(
        `gave up waiting for ${what} (${server.isRunning() ? 'timed out' : 'it exited'}):\n${server.output()}`,
      );
    }
    await wait(50);
  }
}
