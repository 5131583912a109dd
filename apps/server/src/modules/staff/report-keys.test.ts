/**
 * Report keys on both databases: a two-factor member's account password no longer reads anything
 * over HTTP Basic (the report, its CSV, a receipt, whoami); a report key made in the back office
 * does, and only there; it is shown once, listed without the key, revoked at once, and every
 * creation, revocation and first use of the day is in the audit log.
 */
import { REPORT_KEY_PATTERN } from '@store/shared/report-keys';
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { basicAuthorization } from '#src/modules/admins/basic-credentials';
import { loginFailures, reportKeys } from '#src/modules/admins/tables';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { seedOrders } from '../../../test/seed-orders';
import { type SignedInStaff, STAFF_PASSWORD, signInStaff, staffCall } from '../../../test/staff-helpers';
import { describeWithDb } from '../../../test/test-db';
import { auditLog } from './tables';

const UNAUTHORIZED = { error: { code: 'unauthorized', message: 'Invalid username or password.' } };
const RANDOM_ORDER = '00000000-0000-4000-8000-000000000000';

describeWithDb('report keys', () => {
  let t: TestApp;
  let owner: SignedInStaff;
  let treasurer: SignedInStaff;
  let receiptUrl = '';
  /** Every route behind HTTP Basic (the admin guard). */
  let basicRoutes: string[] = [];

  beforeAll(async () => {
    t = await buildTestApp();
    owner = await signInStaff(t, 'owner');
    treasurer = await signInStaff(t, 'treasurer');
    const [order] = await seedOrders(t.testDb.db, [{ firstName: 'Asha', lastName: 'Rao', amountCents: 2500 }]);
    receiptUrl = `/api/report/receipts/${order?.id ?? RANDOM_ORDER}.pdf`;
    basicRoutes = [
      '/api/admin/whoami',
      '/api/report-data',
      '/api/report-data.csv',
      '/api/report-data.csv?table=hosts',
      receiptUrl,
    ];
  });
  afterAll(() => t?.close());
  // Each test's refusals are its own: earlier ones must not put an account under attack (429).
  beforeEach(async () => {
    await t.testDb.db.delete(loginFailures);
  });

  const basic =
    (username: string, password: string, ip = '10.20.0.1') =>
    (url: string) =>
      t.app.inject({ url, remoteAddress: ip, headers: { authorization: basicAuthorization({ username, password }) } });

  async function makeKey(member: SignedInStaff, label = 'laptop') {
    const res = await staffCall(t.app, member, 'POST', '/api/staff/report-keys', { label });
    expect(res.statusCode).toBe(201);
    return res.json<{ key: { id: string; label: string; username: string }; secret: string }>();
  }

  const auditRows = (action: string, targetId: string) =>
    t.testDb.db
      .select({
        actorName: auditLog.actorName,
        after: auditLog.after,
        before: auditLog.before,
        clientIp: auditLog.clientIp,
      })
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));

  it("refuses a two-factor member's account password on every Basic route, as a wrong password is refused", async () => {
    for (const member of [owner, treasurer]) {
      const withPassword = basic(member.username, STAFF_PASSWORD, '10.20.1.1');
      const wrong = basic(member.username, 'not the password at all', '10.20.1.2');
      for (const url of basicRoutes) {
        const [right, bad] = [await withPassword(url), await wrong(url)];
        expect(right.statusCode, url).toBe(401);
        expect(right.json()).toEqual(UNAUTHORIZED);
        // Nothing tells the right password from a wrong one.
        expect(right.headers['www-authenticate']).toBe(bad.headers['www-authenticate']);
        expect(bad.json()).toEqual(right.json());
        expect(right.body).not.toContain('Asha');
      }
    }
  });

  it('reads the report, its CSV exports, a receipt and whoami with a key, and marks the key used', async () => {
    const { key, secret } = await makeKey(treasurer);
    expect(secret).toMatch(REPORT_KEY_PATTERN);
    const withKey = basic(treasurer.username, secret);
    expect((await withKey('/api/admin/whoami')).json()).toEqual({ username: treasurer.username });
    const report = await withKey('/api/report-data');
    expect(report.statusCode).toBe(200);
    expect(report.json().donors.map((d: { name: string }) => d.name)).toEqual(['Asha Rao']);
    const csv = await withKey('/api/report-data.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Asha');
    expect((await withKey('/api/report-data.csv?table=hosts')).statusCode).toBe(200);
    const pdf = await withKey(receiptUrl);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');

    const list = await staffCall(t.app, treasurer, 'GET', '/api/staff/report-keys');
    expect(list.json().keys).toEqual([
      expect.objectContaining({
        id: key.id,
        label: 'laptop',
        username: treasurer.username,
        lastUsedAt: expect.any(String),
        revokedAt: null,
      }),
    ]);
    // Five requests, one use of the day in the audit log, by the member, from their address.
    expect(await auditRows('report-key.use', key.id)).toEqual([
      expect.objectContaining({ actorName: treasurer.username, clientIp: '10.20.0.1' }),
    ]);
  });

  it('audits the first use of a new day again', async () => {
    const { key, secret } = await makeKey(owner, 'yesterday');
    await t.testDb.db
      .update(reportKeys)
      .set({ lastUsedAt: sql`now() - interval '2 days'` })
      .where(eq(reportKeys.id, key.id));
    expect((await basic(owner.username, secret)('/api/report-data')).statusCode).toBe(200);
    expect((await basic(owner.username, secret)('/api/report-data')).statusCode).toBe(200);
    expect(await auditRows('report-key.use', key.id)).toHaveLength(1);
  });

  it('shows the key once: the creation answers it, lists never do, the database holds only its hash', async () => {
    const { key, secret } = await makeKey(treasurer, 'phone');
    expect(key).not.toHaveProperty('secret');
    for (const member of [treasurer, owner]) {
      const list = await staffCall(t.app, member, 'GET', '/api/staff/report-keys');
      expect(list.statusCode).toBe(200);
      expect(list.body).not.toContain(secret);
      expect(list.body).not.toContain(secret.slice(3));
    }
    const [stored] = await t.testDb.db.select().from(reportKeys).where(eq(reportKeys.id, key.id));
    expect(JSON.stringify(stored)).not.toContain(secret.slice(3));
    const [created] = await auditRows('report-key.create', key.id);
    expect(created).toMatchObject({
      actorName: treasurer.username,
      after: { label: 'phone', member: treasurer.username },
    });
    expect(JSON.stringify(created)).not.toContain(secret.slice(3));
  });

  it('refuses a revoked key at once, and audits the revocation once', async () => {
    const { key, secret } = await makeKey(treasurer, 'to revoke');
    const withKey = basic(treasurer.username, secret);
    expect((await withKey('/api/report-data')).statusCode).toBe(200);
    const revoked = await staffCall(t.app, treasurer, 'POST', `/api/staff/report-keys/${key.id}/revoke`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ id: key.id, revokedAt: expect.any(String) });
    for (const url of basicRoutes) {
      const res = await withKey(url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual(UNAUTHORIZED);
    }
    // Again: unchanged, and no second line.
    expect((await staffCall(t.app, treasurer, 'POST', `/api/staff/report-keys/${key.id}/revoke`)).statusCode).toBe(200);
    expect(await auditRows('report-key.revoke', key.id)).toEqual([
      expect.objectContaining({
        actorName: treasurer.username,
        before: { label: 'to revoke', member: treasurer.username },
      }),
    ]);
  });

  it('refuses a key everywhere but the report: staff sign-in, back-office calls, changes', async () => {
    const { secret } = await makeKey(treasurer, 'nowhere else');
    const signIn = await staffCall(t.app, undefined, 'POST', '/api/staff/login', {
      username: treasurer.username,
      password: secret,
    });
    expect(signIn.statusCode).toBe(401);
    expect(signIn.cookies).toEqual([]);
    const authorization = basicAuthorization({ username: treasurer.username, password: secret });
    for (const [method, url] of [
      ['GET', '/api/staff/me'],
      ['GET', '/api/staff/report-keys'],
      ['GET', '/api/staff/orders'],
      ['POST', '/api/staff/report-keys'],
      ['POST', '/api/staff/statements'],
    ] as const) {
      const body = url.endsWith('statements') ? { year: 2026, dryRun: true } : { label: 'x' };
      const res = await staffCall(t.app, undefined, method, url, method === 'POST' ? body : undefined, {
        authorization,
      });
      expect(res.statusCode, url).toBe(401);
    }
    // A key is no account password either: it cannot change the member's password.
    const disable = await staffCall(t.app, treasurer, 'POST', '/api/staff/totp/disable', { password: secret });
    expect(disable.statusCode).not.toBe(200);
  });

  it('counts wrong keys under the failed-login limit', async () => {
    const ip = '10.20.9.1';
    for (let i = 0; i < 10; i += 1) {
      expect((await basic(treasurer.username, `rk_${'x'.repeat(40)}${i}`, ip)('/api/report-data')).statusCode).toBe(
        401,
      );
    }
    const pair = `${treasurer.username.toLowerCase()} ${ip}`;
    expect(await t.testDb.db.select().from(loginFailures).where(eq(loginFailures.key, pair))).toHaveLength(10);
    // Even the right key is refused from that address now, before it is looked at.
    const { secret } = await makeKey(treasurer, 'locked out');
    expect((await basic(treasurer.username, secret, ip)('/api/report-data')).statusCode).toBe(429);
  });

  describe('who may do what', () => {
    it('makes keys only for members who read the report, in a signed-in session', async () => {
      for (const role of ['editor', 'volunteer'] as const) {
        const member = await signInStaff(t, role);
        const res = await staffCall(t.app, member, 'POST', '/api/staff/report-keys', { label: 'mine' });
        expect(res.statusCode).toBe(403);
        expect((await staffCall(t.app, member, 'GET', '/api/staff/report-keys')).json()).toEqual({ keys: [] });
      }
      expect((await staffCall(t.app, undefined, 'POST', '/api/staff/report-keys', { label: 'x' })).statusCode).toBe(
        401,
      );
      const count = await t.testDb.db.select().from(reportKeys);
      expect(count.every((row) => row.label !== 'mine')).toBe(true);
    });

    it('names the field of a bad label and makes nothing', async () => {
      const before = (await t.testDb.db.select().from(reportKeys)).length;
      for (const body of [{ label: '' }, { label: '   ' }, { label: 'x'.repeat(81) }, {}, { label: 'a\u0000b' }]) {
        const res = await staffCall(t.app, treasurer, 'POST', '/api/staff/report-keys', body);
        expect(res.statusCode).toBe(400);
        expect(res.json().error.fields).toHaveProperty('label');
      }
      expect((await t.testDb.db.select().from(reportKeys)).length).toBe(before);
    });

    it("lets an owner see and revoke anyone's keys; a treasurer only their own", async () => {
      const ownersKey = await makeKey(owner, 'owner desk');
      const treasurersKey = await makeKey(treasurer, 'treasurer desk');
      const ownerList = (await staffCall(t.app, owner, 'GET', '/api/staff/report-keys')).json().keys as {
        id: string;
      }[];
      expect(ownerList.map((k) => k.id)).toEqual(expect.arrayContaining([ownersKey.key.id, treasurersKey.key.id]));
      const treasurerList = (await staffCall(t.app, treasurer, 'GET', '/api/staff/report-keys')).json().keys as {
        username: string;
      }[];
      expect(treasurerList.every((k) => k.username === treasurer.username)).toBe(true);

      const refused = await staffCall(t.app, treasurer, 'POST', `/api/staff/report-keys/${ownersKey.key.id}/revoke`);
      expect(refused.statusCode).toBe(404);
      expect((await basic(owner.username, ownersKey.secret)('/api/report-data')).statusCode).toBe(200);

      const revoked = await staffCall(t.app, owner, 'POST', `/api/staff/report-keys/${treasurersKey.key.id}/revoke`);
      expect(revoked.statusCode).toBe(200);
      expect((await basic(treasurer.username, treasurersKey.secret)('/api/report-data')).statusCode).toBe(401);
      expect(await auditRows('report-key.revoke', treasurersKey.key.id)).toEqual([
        expect.objectContaining({ actorName: owner.username }),
      ]);
      expect((await staffCall(t.app, owner, 'POST', `/api/staff/report-keys/${RANDOM_ORDER}/revoke`)).statusCode).toBe(
        404,
      );
      expect((await staffCall(t.app, owner, 'POST', '/api/staff/report-keys/not-a-uuid/revoke')).statusCode).toBe(400);
    });

    it("refuses a disabled member's key", async () => {
      const member = await signInStaff(t, 'treasurer');
      const { secret } = await makeKey(member, 'before leaving');
      expect((await basic(member.username, secret)('/api/report-data')).statusCode).toBe(200);
      const res = await staffCall(t.app, owner, 'PATCH', `/api/staff/members/${member.id}`, { disabled: true });
      expect(res.statusCode).toBe(200);
      const refused: LightMyRequestResponse = await basic(member.username, secret)('/api/report-data');
      expect(refused.statusCode).toBe(401);
    });
  });
});
