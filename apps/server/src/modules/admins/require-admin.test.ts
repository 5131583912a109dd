/**
 * The admin guard through GET /api/admin/whoami, on the whole app: Basic authentication, the same
 * 401 for every kind of wrong, and the failed-login limits per account and address, per address,
 * and the slow-down of an account under attack. The administrators are owners, whose role needs
 * two-factor: each types a report key as the password (their account password is refused here).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { describeWithDb } from '../../../test/test-db';
import { createAdmin } from './admin-repo';
import { basicAuthorization } from './basic-credentials';
import { generateReportKey, insertReportKey, markReportKeyRevoked } from './report-key-repo';
import { adminOf, createAdminGuard } from './require-admin';
import { loginFailures } from './tables';

const PASSWORD = 'correct horse battery';
/** Each administrator's report key, by lower-cased username. */
const keys = new Map<string, { id: string; key: string }>();
const keyOf = (username: string) => keys.get(username.toLowerCase())?.key ?? 'no key';
const CHALLENGE = 'Basic realm="report", charset="UTF-8"';
const UNAUTHORIZED = { error: { code: 'unauthorized', message: 'Invalid username or password.' } };

describeWithDb('admin guard', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      // A route as the report module writes one: zod schemas, the guard as preHandler.
      extend: (app, context) => {
        const requireAdmin = createAdminGuard({
          db: context.db,
          logger: app.log,
          onReportKeyUsed: async () => undefined,
        });
        app
          .withTypeProvider<ZodTypeProvider>()
          .get(
            '/test/guarded',
            { schema: { querystring: z.object({ n: z.coerce.number() }) }, preHandler: requireAdmin },
            async (request) => ({ n: request.query.n, admin: adminOf(request) }),
          );
      },
    });
    const usernames = ['Treasurer', 'victim', 'spread', 'bystander', 'sprayed', 'windowed', 'typo', 'busy', 'revoked'];
    for (const username of usernames) {
      const admin = await createAdmin(t.testDb.db, { username, password: PASSWORD });
      const key = generateReportKey();
      const row = await insertReportKey(t.testDb.db, { adminId: admin.id, label: 'test', key });
      if (!row) throw new Error('no key');
      keys.set(username.toLowerCase(), { id: row.id, key });
    }
  });
  afterAll(() => t?.close());

  const whoami = (options: { authorization?: string; ip?: string; headers?: Record<string, string> } = {}) =>
    t.app.inject({
      url: '/api/admin/whoami',
      remoteAddress: options.ip ?? '10.9.0.1',
      headers: { ...(options.authorization ? { authorization: options.authorization } : {}), ...options.headers },
    });
  const login = (username: string, password: string, ip?: string) =>
    whoami({ authorization: basicAuthorization({ username, password }), ...(ip ? { ip } : {}) });

  function expectUnauthorized(res: LightMyRequestResponse): void {
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTHORIZED);
    expect(res.headers['www-authenticate']).toBe(CHALLENGE);
  }

  const failureRows = (scope: 'ip' | 'username' | 'pair', key: string) =>
    t.testDb.db
      .select({ id: loginFailures.id })
      .from(loginFailures)
      .where(and(eq(loginFailures.realm, 'report'), eq(loginFailures.scope, scope), eq(loginFailures.key, key)));

  it('answers 401 with a Basic challenge without credentials, with malformed ones, or with wrong ones', async () => {
    expectUnauthorized(await whoami());
    expectUnauthorized(await whoami({ authorization: 'Bearer abc' }));
    expectUnauthorized(await whoami({ authorization: 'Basic not-base64!' }));
    expectUnauthorized(await whoami({ authorization: `Basic ${Buffer.from('no-colon').toString('base64')}` }));
    expectUnauthorized(await login('Treasurer', 'wrong password here'));
    expectUnauthorized(await login('nobody', PASSWORD));
    expectUnauthorized(await login('Treasurer', ''));
    // A clean slate for the tests that count.
    await t.testDb.db.delete(loginFailures);
  });

  it('counts wrong passwords and unknown usernames, but not missing or malformed headers', async () => {
    const ip = '10.9.1.1';
    await whoami({ ip });
    await whoami({ ip, authorization: 'Basic %%%' });
    expect(await failureRows('ip', ip)).toHaveLength(0);
    await login('Treasurer', 'wrong password here', ip);
    await login('nobody', PASSWORD, ip);
    expect(await failureRows('ip', ip)).toHaveLength(2);
    // The unknown name is counted too: the limit must not depend on whether the account exists.
    expect(await failureRows('username', 'nobody')).toHaveLength(1);
    await t.testDb.db.delete(loginFailures).where(eq(loginFailures.key, 'treasurer'));
  });

  it('lets the right credentials through, the username in any case', async () => {
    for (const username of ['Treasurer', 'treasurer', 'TREASURER']) {
      const res = await login(username, keyOf(username));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ username: 'Treasurer' });
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('guards a route with zod schemas and hands it the administrator', async () => {
    const authorization = basicAuthorization({ username: 'treasurer', password: keyOf('treasurer') });
    const res = await t.app.inject({ url: '/test/guarded?n=3', headers: { authorization } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ n: 3, admin: { id: expect.any(String), username: 'Treasurer' } });
    expectUnauthorized(await t.app.inject({ url: '/test/guarded?n=3' }));
  });

  it('leaves the challenge out for a page script that asks (X-Requested-With), so no browser dialog opens', async () => {
    const res = await whoami({ headers: { 'x-requested-with': 'XMLHttpRequest' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTHORIZED);
    expect(res.headers['www-authenticate']).toBeUndefined();
  });

  it('locks the guessing address out of an account after 10 failures; the owner elsewhere still gets in', async () => {
    for (let i = 0; i < 10; i += 1) expectUnauthorized(await login('victim', `wrong password ${i}`, '10.9.2.1'));
    // The guesser's address, even with the right password (issue 18, point 5: no longer everyone).
    const res = await login('Victim', keyOf('Victim'), '10.9.2.1');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      error: { code: 'rate_limited', message: 'Too many failed logins. Please wait 15 minutes and try again.' },
    });
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(880);
    expect(retryAfter).toBeLessThanOrEqual(900);
    // Refused before any check, so nothing more was counted.
    expect(await failureRows('username', 'victim')).toHaveLength(10);
    expect(await failureRows('pair', 'victim 10.9.2.1')).toHaveLength(10);
    // The owner, at an address that has not failed, gets in (after the under-attack pause).
    expect((await login('victim', keyOf('victim'), '10.9.2.200')).statusCode).toBe(200);
    // Another administrator, from the guesser's address, is not affected.
    expect((await login('bystander', keyOf('bystander'), '10.9.2.1')).statusCode).toBe(200);
  });

  it('under attack from many addresses, refuses an address after 3 failures and lets a fresh one in', async () => {
    for (let i = 0; i < 10; i += 1) expectUnauthorized(await login('spread', `wrong password ${i}`, `10.9.7.${i}`));
    // Under attack now: two more failures from one address take it to 3, then it is refused.
    expectUnauthorized(await login('spread', 'wrong again', '10.9.7.0'));
    expectUnauthorized(await login('spread', 'wrong again', '10.9.7.0'));
    expect((await login('spread', keyOf('spread'), '10.9.7.0')).statusCode).toBe(429);
    expect((await login('spread', keyOf('spread'), '10.9.7.99')).statusCode).toBe(200);
  });

  it('locks an address out after 20 failures, whatever the usernames; other addresses go on', async () => {
    const ip = '10.9.3.1';
    for (let i = 0; i < 19; i += 1) expectUnauthorized(await login(`guess${i}`, 'wrong password', ip));
    // Below the address limit: a valid login from it still works.
    expect((await login('sprayed', keyOf('sprayed'), ip)).statusCode).toBe(200);
    expectUnauthorized(await login('guess19', 'wrong password', ip));
    const res = await login('sprayed', keyOf('sprayed'), ip);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(880);
    expect((await login('sprayed', keyOf('sprayed'), '10.9.3.2')).statusCode).toBe(200);
  });

  it('counts IPv6 clients per /64', async () => {
    for (let i = 0; i < 20; i += 1) await login(`v6guess${i}`, 'wrong password', `2001:db8:9:9::${i + 1}`);
    expect((await login('sprayed', keyOf('sprayed'), '2001:db8:9:9:abcd::1')).statusCode).toBe(429);
    expect((await login('sprayed', keyOf('sprayed'), '2001:db8:9:a::1')).statusCode).toBe(200);
  });

  it('says when the lock ends, and lets the login through once the failures leave the window', async () => {
    // Ten failures from one address, 14.5 down to 10 minutes old: the oldest leaves the window in
    // about 30 seconds.
    for (let i = 0; i < 10; i += 1) {
      await t.testDb.db.insert(loginFailures).values({
        realm: 'report',
        scope: 'pair',
        key: 'windowed 10.9.4.1',
        createdAt: sql`now() - make_interval(secs => ${870 - i * 30})`,
      });
    }
    const res = await login('windowed', keyOf('windowed'), '10.9.4.1');
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(20);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(30);
    expect(res.json().error.message).toBe('Too many failed logins. Please wait 1 minute and try again.');

    await t.testDb.db
      .update(loginFailures)
      .set({ createdAt: sql`${loginFailures.createdAt} - interval '31 seconds'` })
      .where(eq(loginFailures.key, 'windowed 10.9.4.1'));
    expect((await login('windowed', keyOf('windowed'), '10.9.4.1')).statusCode).toBe(200);
  });

  it("clears the account's failures from that address on a success, but not the address's or the account's", async () => {
    const ip = '10.9.5.1';
    for (let i = 0; i < 9; i += 1) await login('typo', 'wrong password', ip);
    expect((await login('typo', keyOf('typo'), ip)).statusCode).toBe(200);
    expect(await failureRows('pair', `typo ${ip}`)).toHaveLength(0);
    // Kept: one success of the owner does not reopen the account to guessers elsewhere.
    expect(await failureRows('username', 'typo')).toHaveLength(9);
    expect(await failureRows('ip', ip)).toHaveLength(9);
    // So one more typo does not lock the administrator out.
    expectUnauthorized(await login('typo', 'wrong password', ip));
    expect((await login('typo', keyOf('typo'), ip)).statusCode).toBe(200);
  });

  it('lets 20 simultaneous logins with the right key through', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        login(i % 2 ? 'busy' : 'BUSY', keyOf(i % 2 ? 'busy' : 'BUSY'), `10.9.6.${i}`),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
  });

  it("refuses a two-factor member's account password with the same 401, and counts it", async () => {
    const ip = '10.9.8.1';
    expectUnauthorized(await login('Treasurer', PASSWORD, ip));
    expect(await failureRows('pair', `treasurer ${ip}`)).toHaveLength(1);
    expect((await login('Treasurer', keyOf('treasurer'), ip)).statusCode).toBe(200);
  });

  it('refuses a revoked key at once, though it was used a moment before', async () => {
    expect((await login('revoked', keyOf('revoked'))).statusCode).toBe(200);
    const id = keys.get('revoked')?.id ?? '';
    expect(await markReportKeyRevoked(t.testDb.db, id)).toEqual({ id });
    expectUnauthorized(await login('revoked', keyOf('revoked')));
  });

  it("refuses another member's key: a key signs in as its own member only", async () => {
    expectUnauthorized(await login('bystander', keyOf('typo'), '10.9.9.1'));
  });
});
