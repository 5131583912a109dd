import { catalogueResponseSchema } from '@store/shared/site';
import type { StaffCatalogue } from '@store/shared/site-content';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type DbConnection, openDatabase } from '#src/db/client';
import { loadSite } from '#src/site/load-site';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { BOOK, checkoutBody, postCheckout, sandboxNonce } from '../../../test/checkout-helpers';
import { type SignedInStaff, signInStaff, staffCall } from '../../../test/staff-helpers';
import { createTestDb, describeWithDb, postgresMissing, type TestDb, usingPostgres } from '../../../test/test-db';
import { CONTENT_CHANNEL, listenForContentEdits } from './content-notifications';
import { readContent, seedContent } from './content-repo';
import { contentOf } from './merge-site';
import { createSiteContentStore, RECHECK_MS, type SiteContentStore } from './site-content-store';

const quiet = { warn: () => undefined };

const BOOK_ID = 9;

async function bookPrice(t: TestApp): Promise<number | undefined> {
  const res = await t.app.inject({ url: '/api/public/catalogue' });
  return catalogueResponseSchema.parse(res.json()).items.find((i) => i.id === BOOK_ID)?.price;
}

async function setBookPrice(t: TestApp, editor: SignedInStaff, price: number): Promise<void> {
  const current = (await staffCall(t.app, editor, 'GET', '/api/staff/catalogue')).json<StaffCatalogue>();
  const book = current.content.catalogue.find((i) => i.id === BOOK_ID);
  const res = await staffCall(t.app, editor, 'PUT', `/api/staff/catalogue/items/${BOOK_ID}`, {
    version: current.version,
    item: { ...book, id: undefined, price },
  });
  expect(res.statusCode).toBe(200);
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An hour: within a test, only an edit of its own, a notification or invalidate() refreshes a read. */
const NEVER = 3_600_000;

describeWithDb('an edit in the same process', () => {
  let t: TestApp;
  let editor: SignedInStaff;
  beforeAll(async () => {
    t = await buildTestApp({ contentRecheckMs: NEVER });
    editor = await signInStaff(t, 'editor');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is served by the very next catalogue answer, however long reads may reuse a version', async () => {
    expect(await bookPrice(t)).toBe(5);
    await setBookPrice(t, editor, 7.5);
    expect(await bookPrice(t)).toBe(7.5);
  });
});

// Two server processes on one database: on PostgreSQL each app has its own connection pool, as two
// processes behind a load balancer do; on PGlite (one process by nature) they share the database.
// Neither app here listens for notifications (main.ts starts that): what is left is the bound.
describeWithDb('two server processes on one database (issue 21)', () => {
  let a: TestApp;
  let b: TestApp;
  let editor: SignedInStaff;
  beforeAll(async () => {
    a = await buildTestApp();
    b = await buildTestApp({ sharedDb: a.testDb, contentRecheckMs: NEVER });
    editor = await signInStaff(a, 'editor');
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it("an editor changes the book price through A; B's checkout charges it at once, while B's catalogue is still the older one", async () => {
    expect(await bookPrice(b)).toBe(5);
    await setBookPrice(a, editor, 6.25);
    // B's reads reuse the version they checked (no query per request): still the old price.
    expect(await bookPrice(b)).toBe(5);
    // The checkout reads the version itself: the new price is charged, the old one refused.
    const paid = await postCheckout(b.app, {
      body: checkoutBody(await sandboxNonce(b.app), [{ ...BOOK, price: 6.25, quantity: 2 }]),
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().amount).toBe(12.5);
    const old = await postCheckout(b.app, {
      body: checkoutBody(await sandboxNonce(b.app), [{ ...BOOK, quantity: 1 }]),
    });
    expect(old.json().error.code).toBe('amount_mismatch');
  });

  it('and back: an edit through B is what A answers within RECHECK_MS, with no notification', async () => {
    expect(await bookPrice(a)).toBe(6.25);
    await setBookPrice(b, editor, 8);
    await wait(RECHECK_MS);
    expect(await bookPrice(a)).toBe(8);
  });
});

// PostgreSQL: the edit NOTIFYs when it commits, and a listening process refreshes at once, long
// before its bounded check; when the listening connection is lost the bound still holds.
describe.runIf(usingPostgres && !postgresMissing)('notifications between processes on PostgreSQL', () => {
  let a: TestApp;
  let other: TestDb;
  let editor: SignedInStaff;
  const site = loadSite(new URL('../../../../../config/site.json', import.meta.url).pathname);
  beforeAll(async () => {
    a = await buildTestApp();
    const connection = await openDatabase({ kind: 'postgres', url: a.testDb.url ?? '' });
    other = { db: connection.db, connection, close: connection.close };
    editor = await signInStaff(a, 'editor');
  });
  afterAll(async () => {
    await other?.close();
    await a?.close();
  });

  const pool = () => {
    if (other.connection.kind !== 'postgres') throw new Error('postgres only');
    return other.connection.pool;
  };
  const bookPriceIn = async (store: SiteContentStore) =>
    (await store.reads.current()).site.catalogue.find((i) => i.id === BOOK_ID)?.price;
  /** Reads until `price` is served; how long that took. */
  const servedAfter = async (store: SiteContentStore, price: number, timeoutMs: number): Promise<number> => {
    const started = performance.now();
    while ((await bookPriceIn(store)) !== price) {
      if (performance.now() - started > timeoutMs) throw new Error(`price ${price} not served within ${timeoutMs} ms`);
      await wait(5);
    }
    return performance.now() - started;
  };
  const listening = async () => {
    const rows = await other.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and query = ${`listen ${CONTENT_CHANNEL}`}`,
    );
    return rows.rows[0]?.n ?? 0;
  };

  it("another process's edit reaches a listening process at once, though its reads would reuse a version for an hour", async () => {
    const store = createSiteContentStore({ db: other.db, site, recheckMs: NEVER });
    const listener = listenForContentEdits(pool(), store, quiet);
    try {
      while ((await listening()) === 0) await wait(10);
      // Listening invalidates (it may have missed edits): read after it, so only the NOTIFY can refresh.
      await wait(100);
      expect(await bookPriceIn(store)).toBe(5);
      await setBookPrice(a, editor, 6.75);
      await servedAfter(store, 6.75, 5_000);
    } finally {
      await listener.stop();
    }
  });

  it('a listening connection killed: the next edit is still served within RECHECK_MS', async () => {
    const store = createSiteContentStore({ db: other.db, site });
    const listener = listenForContentEdits(pool(), store, quiet);
    try {
      while ((await listening()) === 0) await wait(10);
      const before = await bookPriceIn(store);
      await other.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = ${`listen ${CONTENT_CHANNEL}`}`,
      );
      while ((await listening()) > 0) await wait(10);
      await setBookPrice(a, editor, (before ?? 0) + 1);
      // Listening again takes 5 s; the bounded check brings the edit first.
      await wait(RECHECK_MS);
      expect(await bookPriceIn(store)).toBe((before ?? 0) + 1);
      expect(await listening()).toBe(0);
    } finally {
      await listener.stop();
    }
  });
});

/** The same database through a Drizzle of its own that records each statement it sends. */
function recordingDb(connection: DbConnection): { db: Database; statements: string[] } {
  const statements: string[] = [];
  const logger = { logQuery: (query: string) => void statements.push(query) };
  const db =
    connection.kind === 'pglite'
      ? drizzlePglite({ client: connection.client, logger })
      : drizzleNodePg({ client: connection.pool, logger });
  return { db, statements };
}

describeWithDb('reads under load', () => {
  it('make no query within the bound, and share one version query when many arrive after it', async () => {
    const testDb = await createTestDb();
    try {
      const site = loadSite(new URL('../../../../../config/site.json', import.meta.url).pathname);
      const { db, statements } = recordingDb(testDb.connection);
      const store = createSiteContentStore({ db, site, recheckMs: NEVER });
      const many = () => Promise.all(Array.from({ length: 50 }, () => store.reads.current()));
      // The first reads seed and load the document, once.
      expect(new Set((await many()).map((s) => s.version))).toEqual(new Set([1]));
      statements.length = 0;
      await many();
      expect(statements).toEqual([]);
      // Due for a check (as after RECHECK_MS, or a notification): fifty reads, one query.
      store.invalidate();
      await many();
      expect(statements).toHaveLength(1);
      expect(statements[0]).toMatch(/^select "version" from "site_content"/);
    } finally {
      await testDb.close();
    }
  });
});

describeWithDb('seeding from site.json', () => {
  it('happens once: a second seed, or two stores starting at once, change nothing', async () => {
    const testDb = await createTestDb();
    try {
      const site = loadSite(new URL('../../../../../config/site.json', import.meta.url).pathname);
      const other = { ...site, event: { ...site.event, venue: 'Somewhere else' } };
      // Two processes starting together, each with its own site.json: one insert wins.
      const [first, second] = await Promise.all([
        createSiteContentStore({ db: testDb.db, site }).current(),
        createSiteContentStore({ db: testDb.db, site: other }).current(),
      ]);
      expect(first.version).toBe(1);
      expect(second.content).toEqual(first.content);
      await seedContent(testDb.db, contentOf(other));
      const row = await readContent(testDb.db);
      expect(row?.version).toBe(1);
      expect(row?.content).toEqual(first.content);
    } finally {
      await testDb.close();
    }
  });
});
