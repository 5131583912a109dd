import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDb, describeWithDb, type TestDb } from '../test/test-db';
import { buildHealthApp } from './health-app';
import { createLogger } from './logger';

describeWithDb("the worker role's HTTP server", () => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await createTestDb();
  });
  afterAll(() => testDb?.close());

  it('answers the health checks and nothing else', async () => {
    let stopping = false;
    const app = await buildHealthApp({ db: testDb.db, logger: createLogger('silent'), shuttingDown: () => stopping });
    try {
      expect((await app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok', database: 'ok' });
      expect((await app.inject({ url: '/healthz/live' })).json()).toEqual({ status: 'ok' });
      const ready = await app.inject({ url: '/healthz/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ok', database: 'ok', migrations: 'applied', shuttingDown: false });
      stopping = true;
      expect((await app.inject({ url: '/healthz/ready' })).statusCode).toBe(503);
      expect((await app.inject({ url: '/api/public/catalogue' })).statusCode).toBe(404);
      expect((await app.inject({ url: '/' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
