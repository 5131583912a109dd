/**
 * Report filters the shared schema's shape let through but the database cannot take (issue 18
 * point 9): a center id past PostgreSQL's integer, a day or a cursor in year 0000 (there is no year
 * 0 in PostgreSQL's calendar), days far outside any order. Before, the report answered 500 and the
 * CSV, already streaming, stopped after a few bytes. Each is now a 400 naming its field, before
 * anything is read or streamed, on the page's data and on both CSV downloads.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithDb } from '../../apps/server/test/test-db';
import { recordFigures } from '../support/figures';
import { basic, cardNonce, checkout, count, send } from '../support/store-client';
import { type StoreServer, startStoreServer } from '../support/store-server';

/** The account password (ADMIN_PASSWORD): an owner's needs two-factor, so the report takes a key. */
const ADMIN_ACCOUNT_PASSWORD = 'range test passphrase 42';
/** What /report takes: the username and the report key ADMIN_REPORT_KEY installs, as the password. */
const ADMIN = { username: 'treasurer', password: 'rk_report-out-of-range-report-key-0123456789' };

const cursorAt = (createdAt: string) => Buffer.from(`${createdAt}|${randomUUID()}`, 'utf8').toString('base64url');

/** [query string, the field the 400 must name] */
const OUT_OF_RANGE: [string, string][] = [
  ['center=99999999999', 'center'],
  ['center=2147483648', 'center'],
  ['center=1e20', 'center'],
  ['from=0000-01-01', 'from'],
  ['to=0000-01-01', 'to'],
  ['from=0001-01-01', 'from'],
  ['to=9999-12-31', 'to'],
  ['from=1000-01-01&to=1000-01-02', 'from'],
  [`cursor=${cursorAt('0000-01-01T00:00:00.000000Z')}`, 'cursor'],
  [`cursor=${cursorAt('9999-12-31T23:59:59.999999Z')}`, 'cursor'],
  ['limit=99999999999', 'limit'],
];

describeWithDb('report filters out of range', () => {
  let store: StoreServer;
  const figures: Record<string, unknown> = {};
  const answers: { path: string; status: number; field: string; fields: unknown }[] = [];

  beforeAll(async () => {
    store = await startStoreServer({
      CAPTCHA_PROVIDER: 'off',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN_ACCOUNT_PASSWORD,
      ADMIN_REPORT_KEY: ADMIN.password,
    });
    // A donor, so a query that reached the database would have something to read.
    const paid = await checkout(store.baseUrl, randomUUID(), await cardNonce(store.baseUrl));
    expect(paid.status).toBe(200);
  });

  afterAll(async () => {
    figures.statuses = count(answers, (a) => a.status);
    recordFigures('fuzz-report-out-of-range', figures);
    await store?.close();
  });

  const paths = ['/api/report-data', '/api/report-data.csv', '/api/report-data.csv?table=hosts'];

  it.each(OUT_OF_RANGE)('refuses %s with a 400 naming the field, before anything is streamed', async (query, field) => {
    for (const base of paths) {
      // The CSV ignores the cursor (the file has every row) but still refuses one it could not have made.
      const path = `${base}${base.includes('?') ? '&' : '?'}${query}`;
      const res = await send(store.baseUrl, path, { headers: basic(ADMIN) });
      const error = (res.body.error ?? {}) as { code?: string; fields?: Record<string, string> };
      answers.push({ path, status: res.status, field, fields: error.fields });
      expect(res.status, `${path}: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(400);
      expect(error.code, path).toBe('validation_error');
      expect(Object.keys(error.fields ?? {}), path).toContain(field);
      expect(res.headers.get('content-type'), path).toMatch(/^application\/json/);
    }
  });

  it('still answers the widest sane range', async () => {
    for (const base of paths) {
      const path = `${base}${base.includes('?') ? '&' : '?'}from=2000-01-01&to=2100-12-31&center=2147483647`;
      const res = await send(store.baseUrl, path, { headers: basic(ADMIN) });
      expect(res.status, path).toBe(200);
    }
  });
});
