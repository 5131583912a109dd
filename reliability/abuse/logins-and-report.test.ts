/**
 * Abuse (issue 7), over real HTTP against the server process on this run's database:
 *  - brute force against the report's Basic login and the accounts' login is answered 429, with
 *    Retry-After, within the limits (10 failures per account from one address, 20 per address, in
 *    15 minutes); an account guessed from many addresses is slowed, and refuses an address after 3
 *    failures, but lets its owner in from an address that has not failed (issue 18, point 5);
 *  - the report (page data, CSV, whoami) is never served without valid credentials, whatever is
 *    sent instead, and never to another site's page.
 * The server trusts X-Forwarded-For here (TRUST_PROXY), so each test can be its own client address.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithDb } from '../../apps/server/test/test-db';
import { recordFigures } from '../support/figures';
import { basic, cardNonce, checkout, count, postJson, send } from '../support/store-client';
import { type StoreServer, startStoreServer } from '../support/store-server';

/** The account password (ADMIN_PASSWORD): an owner's needs two-factor, so the report takes a key. */
const ADMIN_ACCOUNT_PASSWORD = 'abuse test passphrase 42';
/** What /report takes: the username and the report key ADMIN_REPORT_KEY installs, as the password. */
const ADMIN = { username: 'treasurer', password: 'rk_logins-and-report-report-key-0123456789' };
const PER_ACCOUNT = 10;
const PER_ADDRESS = 20;

describeWithDb('brute force and the private report', () => {
  let store: StoreServer;
  const figures: Record<string, unknown> = {};

  beforeAll(async () => {
    store = await startStoreServer({
      CAPTCHA_PROVIDER: 'off',
      TRUST_PROXY: 'true',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN_ACCOUNT_PASSWORD,
      ADMIN_REPORT_KEY: ADMIN.password,
    });
    // A donor in the report, so "nothing served" is checked against something that exists.
    const paid = await checkout(store.baseUrl, crypto.randomUUID(), await cardNonce(store.baseUrl), undefined, {
      'x-forwarded-for': '10.20.0.1',
    });
    expect(paid.status).toBe(200);
  });

  afterAll(async () => {
    recordFigures('abuse-logins', figures);
    await store?.close();
  });

  const report = (headers: Record<string, string>, address: string) =>
    send(store.baseUrl, '/api/report-data', { headers: { ...headers, 'x-forwarded-for': address } });

  it('does not let another site read the report, even with the right credentials', async () => {
    const res = await send(store.baseUrl, '/api/report-data', {
      headers: { ...basic(ADMIN), origin: 'https://evil.example', 'x-forwarded-for': '10.25.0.1' },
    });
    // The server answers (Basic auth is not ambient), but gives no CORS grant: a browser withholds it.
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    const preflight = await send(store.baseUrl, '/api/report-data', {
      method: 'OPTIONS',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('slows an administrator account guessed from many addresses, refuses a repeating address, lets the owner in', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < PER_ACCOUNT; i += 1) {
      // A different address each time: the account's own count puts it under attack.
      const res = await report(basic({ username: ADMIN.username, password: `wrong guess ${i}` }), `10.21.${i}.1`);
      statuses.push(res.status);
    }
    // Under attack: an address gets 3 failures for this account, then 429 even with the right password.
    const repeat: number[] = [];
    for (let i = 0; i < 2; i += 1) {
      repeat.push((await report(basic({ username: ADMIN.username, password: `again ${i}` }), '10.21.0.1')).status);
    }
    const repeatRight = await report(basic(ADMIN), '10.21.0.1');
    if (repeatRight.status === 429) expect(Number(repeatRight.headers.get('retry-after'))).toBeGreaterThan(0);
    const started = Date.now();
    const owner = await report(basic(ADMIN), '10.21.99.1');
    figures.adminAccountUnderAttack = {
      guesses: count(statuses, (s) => s),
      repeatingAddress: count(repeat, (s) => s),
      repeatingAddressRightPassword: repeatRight.status,
      ownerElsewhere: owner.status,
      ownerWaitedMs: Date.now() - started,
    };
    expect(statuses).toEqual(Array(PER_ACCOUNT).fill(401));
    expect(repeat).toEqual([401, 401]);
    expect(repeatRight.status).toBe(429);
    expect(repeatRight.body).not.toHaveProperty('donors');
    expect(owner.status).toBe(200);
  });

  it('locks an address after 20 wrong passwords for any usernames', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < PER_ADDRESS + 2; i += 1) {
      const res = await report(basic({ username: `nobody${i}`, password: 'guess guess guess' }), '10.22.0.1');
      statuses.push(res.status);
    }
    figures.adminAddressLock = { attempts: count(statuses, (s) => s) };
    expect(statuses.slice(0, PER_ADDRESS)).toEqual(Array(PER_ADDRESS).fill(401));
    expect(statuses.slice(PER_ADDRESS)).toEqual([429, 429]);
  });

  it('refuses the guessing address of a visitor account after 10 wrong passwords at /auth/login, not the owner', async () => {
    const email = `locked-${crypto.randomUUID().slice(0, 8)}@example.org`;
    const origin = new URL(store.baseUrl).origin;
    const created = await postJson(
      store.baseUrl,
      '/auth/register',
      { name: 'Asha', email, password: 'the right passphrase' },
      {
        origin,
        'x-forwarded-for': '10.23.0.1',
      },
    );
    expect(created.status).toBe(201);
    const statuses: number[] = [];
    for (let i = 0; i < PER_ACCOUNT + 2; i += 1) {
      const res = await postJson(
        store.baseUrl,
        '/auth/login',
        { email, password: `wrong guess ${i}` },
        { origin, 'x-forwarded-for': '10.23.66.6' },
      );
      statuses.push(res.status);
      if (res.status === 429) expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    const guesserRight = await postJson(
      store.baseUrl,
      '/auth/login',
      { email, password: 'the right passphrase' },
      { origin, 'x-forwarded-for': '10.23.66.6' },
    );
    const owner = await postJson(
      store.baseUrl,
      '/auth/login',
      { email, password: 'the right passphrase' },
      { origin, 'x-forwarded-for': '10.23.0.1' },
    );
    figures.accountLock = {
      attempts: count(statuses, (s) => s),
      rightPasswordFromGuesser: guesserRight.status,
      owner: owner.status,
    };
    expect(statuses.slice(0, PER_ACCOUNT)).toEqual(Array(PER_ACCOUNT).fill(401));
    expect(statuses.slice(PER_ACCOUNT)).toEqual([429, 429]);
    expect(guesserRight.status).toBe(429);
    expect(guesserRight.headers.get('set-cookie')).toBeNull();
    expect(owner.status).toBe(200);
  });

  it('never serves the report, its CSV or whoami without valid credentials', async () => {
    const refusals: Record<string, string>[] = [
      {},
      { authorization: '' },
      { authorization: 'Basic' },
      { authorization: 'Basic !!!!' },
      { authorization: `Basic ${Buffer.from(`${ADMIN.username}:`).toString('base64')}` },
      { authorization: `Basic ${Buffer.from(`:${ADMIN.password}`).toString('base64')}` },
      {
        authorization: `Basic ${Buffer.from(`${ADMIN.username.toUpperCase()}:${ADMIN.password.toUpperCase()}`).toString('base64')}`,
      },
      { authorization: `Bearer ${Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString('base64')}` },
      { cookie: `report-auth=${Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString('base64')}` },
      { 'x-forwarded-user': ADMIN.username },
      // The owner's own account password: it needs two-factor (/admin asks for the code), so alone it reads nothing.
      { authorization: `Basic ${Buffer.from(`${ADMIN.username}:${ADMIN_ACCOUNT_PASSWORD}`).toString('base64')}` },
    ];
    const seen: number[] = [];
    for (const [i, headers] of refusals.entries()) {
      for (const path of ['/api/report-data', '/api/report-data.csv', '/api/admin/whoami']) {
        const res = await send(store.baseUrl, path, { headers: { ...headers, 'x-forwarded-for': `10.24.${i}.1` } });
        seen.push(res.status);
        // 429 once the administrator's account is locked by the tests above: refused all the same.
        expect([401, 429], `${path} with ${JSON.stringify(headers)}`).toContain(res.status);
        expect(res.body).not.toHaveProperty('donors');
        expect(JSON.stringify(res.body)).not.toContain('Rao');
        expect(res.headers.get('cache-control')).toBe('no-store');
      }
    }
    figures.reportWithoutCredentials = { requests: seen.length, statuses: count(seen, (s) => s) };
  });
});
