import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
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
    const app = await buildApp({ config: t.config, db: broken.db, site: t.site, secrets: { session: 'x'.repeat(32) } });
    try {
      const res = await app.inject({ url: '/healthz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'error', database: 'unreachable' });
    } finally {
      await app.close();
      await broken.close();
    }
  });
});
