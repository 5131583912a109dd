import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, TEST_TICKET_SIGNING_SEED, type TestApp } from '../../../test/build-test-app';
import { createTestDb, describeWithDb } from '../../../test/test-db';
import { checkDatabase } from './check-database';

describeWithDb('GET /healthz', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  it('answers 200 when the database answers', async () => {
    const res = await t.app.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 when the database does not', async () => {
    const broken = await createTestDb();
    await broken.connection.close();
    await expect(checkDatabase(broken.db)).rejects.toThrow();
    const { buildApp } = await import('#src/app');
    const app = await buildApp({
      config: t.config,
      db: broken.db,
      site: t.site,
      secrets: { session: 'x'.repeat(32), ticketSigning: TEST_TICKET_SIGNING_SEED },
    });
    try {
      const res = await app.inject({ url: '/healthz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'error', database: 'unreachable' });
    } finally {
      await app.close();
      await broken.close();
    }
  });

  it('answers /healthz/live without asking the database', async () => {
    const res = await t.app.inject({ url: '/healthz/live' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers /healthz/ready 200 when the database answers and is migrated', async () => {
    const res = await t.app.inject({ url: '/healthz/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok', migrations: 'applied', shuttingDown: false });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers /healthz/ready 503 once the process is shutting down, and /healthz/live still 200', async () => {
    const { buildApp } = await import('#src/app');
    let stopping = false;
    const app = await buildApp({
      config: t.config,
      db: t.testDb.db,
      site: t.site,
      secrets: { session: 'x'.repeat(32), ticketSigning: TEST_TICKET_SIGNING_SEED },
      shuttingDown: () => stopping,
    });
    try {
      expect((await app.inject({ url: '/healthz/ready' })).statusCode).toBe(200);
      stopping = true;
      const res = await app.inject({ url: '/healthz/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'error', database: 'ok', migrations: 'applied', shuttingDown: true });
      expect((await app.inject({ url: '/healthz/live' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('answers /healthz/ready 503 while a migration of this build is not applied', async () => {
    const db = await createTestDb();
    const { buildApp } = await import('#src/app');
    const app = await buildApp({
      config: t.config,
      db: db.db,
      site: t.site,
      secrets: { session: 'x'.repeat(32), ticketSigning: TEST_TICKET_SIGNING_SEED },
    });
    try {
      // As if the database were one migration behind this build (a deploy before the migrate step).
      await db.db.execute(
        sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
      );
      const res = await app.inject({ url: '/healthz/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'error', database: 'ok', migrations: 'pending', shuttingDown: false });
    } finally {
      await app.close();
      await db.close();
    }
  });

  it('answers /healthz/ready 503 when the database does not answer', async () => {
    const broken = await createTestDb();
    await broken.connection.close();
    const { buildApp } = await import('#src/app');
    const app = await buildApp({
      config: t.config,
      db: broken.db,
      site: t.site,
      secrets: { session: 'x'.repeat(32), ticketSigning: TEST_TICKET_SIGNING_SEED },
    });
    try {
      const res = await app.inject({ url: '/healthz/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'error',
        database: 'unreachable',
        migrations: 'unknown',
        shuttingDown: false,
      });
    } finally {
      await app.close();
      await broken.close();
    }
  });
});
