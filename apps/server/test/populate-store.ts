/**
 * A store with something in every kind of table, made the way clients make it (checkouts approved
 * and declined, an event registration, an account registered and signed in) plus seeded orders of
 * every status: for the backup, restore and move tests, which compare every table afterwards.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '#src/app';
import { loadConfig } from '#src/config';
import type { Database } from '#src/db/client';
import { loadSite } from '#src/site/load-site';
import { logIn, registerAccount } from './auth-helpers';
import { TEST_SECRETS } from './build-test-app';
import { BOOK, checkoutBody, DECLINING_CARD, postCheckout, sandboxNonce } from './checkout-helpers';
import { createSession } from './event-session-helpers';
import { adultRegistrant, postRegistration } from './registration-helpers';
import { seedOrders } from './seed-orders';

export async function populateStore(db: Database): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'populate-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    CAPTCHA_PROVIDER: 'off',
    WEB_DIST: join(dataDir, 'no-web-build'),
  });
  const app = await buildApp({
    config,
    db,
    site: loadSite(config.siteConfigPath),
    secrets: TEST_SECRETS,
  });
  try {
    const expect = (what: string, status: number, wanted: number) => {
      if (status !== wanted) throw new Error(`${what}: ${status}, expected ${wanted}`);
    };
    expect('checkout', (await postCheckout(app, { body: checkoutBody(await sandboxNonce(app)) })).statusCode, 200);
    const declined = checkoutBody(await sandboxNonce(app, { number: DECLINING_CARD }), [BOOK]);
    expect('declined checkout', (await postCheckout(app, { body: declined })).statusCode, 402);
    expect(
      'registration',
      (
        await postRegistration(app, {
          body: { sessionId: (await createSession(db)).id, registrants: [adultRegistrant()] },
        })
      ).statusCode,
      201,
    );
    expect('account', (await registerAccount(app, { email: 'backup@example.org' })).statusCode, 201);
    const login = await logIn(app, { email: 'backup@example.org', password: 'correct horse battery' });
    expect('login', login.statusCode, 200);
    await logIn(app, { email: 'backup@example.org', password: 'a wrong password' });
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  await seedOrders(db, [
    { status: 'pending' },
    { status: 'failed' },
    ...Array.from({ length: 20 }, (_, i) => ({ firstName: `Donor ${i} ünïcödé`, amountCents: 100 + i })),
  ]);
}

/** Every row of every table (public and drizzle schemas), as text, sorted: equal means the same data. */
export async function snapshotTables(db: Database): Promise<Record<string, string[]>> {
  await db.execute(sql`set timezone = 'UTC'`);
  const tables = await db.execute<{ name: string }>(sql`
    select table_schema || '.' || table_name as name from information_schema.tables
    where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`);
  const snapshot: Record<string, string[]> = {};
  for (const { name } of tables.rows) {
    const [schema = '', table = ''] = name.split('.');
    const rows = await db.execute<{ row: string }>(
      sql.raw(`select row_to_json(t)::text as row from "${schema}"."${table}" t`),
    );
    snapshot[name] = rows.rows.map((r) => r.row).sort();
  }
  return snapshot;
}
