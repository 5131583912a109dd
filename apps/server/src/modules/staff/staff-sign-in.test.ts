/**
 * Issue 21, staff sign-in through the API on both databases: the password step, two-factor
 * enrolment with its QR code and recovery codes, the code step (a code is good once, a recovery
 * code once), the stages a session may be in, role checks, staff management and the audit log.
 */
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { staffMessages } from '@store/shared/staff';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basicAuthorization } from '#src/modules/admins/basic-credentials';
import { generateReportKey, insertReportKey } from '#src/modules/admins/report-key-repo';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { STAFF_PASSWORD, signInStaff, staffCall } from '../../../test/staff-helpers';
import { describeWithDb } from '../../../test/test-db';
import { STAFF_COOKIE } from './staff-cookie';
import { auditLog } from './tables';
import { totpCodeNow } from './totp';

const tokenOf = (res: LightMyRequestResponse) => {
  const cookie = res.cookies.find((c) => c.name === STAFF_COOKIE);
  if (!cookie) throw new Error(`no staff cookie in ${res.statusCode} ${res.body}`);
  return { token: cookie.value };
};

describeWithDb('staff sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  const login = (username: string, password = STAFF_PASSWORD) =>
    staffCall(t.app, undefined, 'POST', '/api/staff/login', { username, password });

  describe('an owner without two-factor', () => {
    let owner: { username: string };
    let secret: Uint8Array;
    let recovery: string[] = [];
    let enrolmentCode = '';

    beforeAll(async () => {
      owner = await signInStaff(t, 'owner');
    });

    it('must enrol first: the session opens only the enrolment', async () => {
      const res = await login(owner.username);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        stage: 'enrol',
        staff: { role: 'owner', totpEnabled: false, totpRequired: true },
      });
      const cookie = res.cookies.find((c) => c.name === STAFF_COOKIE);
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/staff' });
      const session = tokenOf(res);
      expect((await staffCall(t.app, session, 'GET', '/api/staff/me')).json()).toMatchObject({ stage: 'enrol' });
      const members = await staffCall(t.app, session, 'GET', '/api/staff/members');
      expect(members.statusCode).toBe(401);
      expect(members.json().error).toMatchObject({ message: staffMessages.enrolFirst, fields: { stage: 'enrol' } });

      const setup = await staffCall(t.app, session, 'POST', '/api/staff/totp/setup');
      expect(setup.statusCode).toBe(200);
      const body = setup.json();
      expect(body.qrSvg).toMatch(/^<svg/);
      expect(body.otpauthUrl).toMatch(/^otpauth:\/\/totp\/.+\?.*secret=/);
      secret = decodeBase32IgnorePadding(body.secret);

      const wrong = await staffCall(t.app, session, 'POST', '/api/staff/totp/confirm', {
        code: '000000' === totpCodeNow(secret) ? '111111' : '000000',
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.fields).toHaveProperty('code');

      enrolmentCode = totpCodeNow(secret);
      const confirmed = await staffCall(t.app, session, 'POST', '/api/staff/totp/confirm', {
        code: enrolmentCode,
      });
      expect(confirmed.statusCode).toBe(200);
      recovery = confirmed.json().recoveryCodes;
      expect(recovery).toHaveLength(10);
      expect(new Set(recovery).size).toBe(10);
      expect(confirmed.json().session).toMatchObject({ stage: 'full', staff: { totpEnabled: true } });
      // The session was replaced: the token from before the second factor is worth nothing now.
      expect((await staffCall(t.app, session, 'GET', '/api/staff/me')).statusCode).toBe(401);
      const full = tokenOf(confirmed);
      expect((await staffCall(t.app, full, 'GET', '/api/staff/members')).statusCode).toBe(200);
    });

    it('then signs in with a code, good once, or a recovery code, good once', async () => {
      const first = await login(owner.username);
      expect(first.json().stage).toBe('totp');
      const pending = tokenOf(first);
      expect((await staffCall(t.app, pending, 'GET', '/api/staff/members')).statusCode).toBe(401);
      // The code used at enrolment cannot be replayed: that very code, not the current step's (a
      // 30-second step may have begun since, and its code would rightly be accepted).
      const replay = await staffCall(t.app, pending, 'POST', '/api/staff/login/code', { code: enrolmentCode });
      expect(replay.statusCode).toBe(401);
      expect(replay.json().error.message).toBe(staffMessages.invalidCode);
      const next = await staffCall(t.app, pending, 'POST', '/api/staff/login/code', {
        code: totpCodeNow(secret, Date.now() + 30_000),
      });
      expect(next.statusCode).toBe(200);
      expect(next.json().stage).toBe('full');

      const recoveryCode = recovery[0] ?? '';
      const second = tokenOf(await login(owner.username));
      const withRecovery = await staffCall(t.app, second, 'POST', '/api/staff/login/code', {
        code: recoveryCode.toUpperCase(),
      });
      expect(withRecovery.statusCode).toBe(200);
      const third = tokenOf(await login(owner.username));
      expect((await staffCall(t.app, third, 'POST', '/api/staff/login/code', { code: recoveryCode })).statusCode).toBe(
        401,
      );
    });

    it('may not turn two-factor off', async () => {
      const pending = tokenOf(await login(owner.username));
      const full = tokenOf(
        await staffCall(t.app, pending, 'POST', '/api/staff/login/code', { code: recovery[1] ?? '' }),
      );
      const refused = await staffCall(t.app, full, 'POST', '/api/staff/totp/disable', { password: STAFF_PASSWORD });
      expect(refused.statusCode).toBe(403);
      expect((await staffCall(t.app, full, 'GET', '/api/staff/me')).json().staff.totpEnabled).toBe(true);
    });
  });

  it('refuses wrong and unknown credentials with one message, and a login from another site', async () => {
    const editor = await signInStaff(t, 'editor');
    for (const res of [await login(editor.username, 'wrong password!'), await login('nobody-here')]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().error.message).toBe(staffMessages.invalidLogin);
    }
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/staff/login',
      payload: { username: editor.username, password: STAFF_PASSWORD },
      headers: { origin: 'https://evil.example' },
    });
    expect(forged.statusCode).toBe(403);
    const bad = await staffCall(t.app, undefined, 'POST', '/api/staff/login', { username: 'has space', password: '' });
    expect(bad.statusCode).toBe(400);
  });

  it('lets an editor in with a password alone, and refuses what the role may not do', async () => {
    const editor = await signInStaff(t, 'editor');
    const res = await login(editor.username);
    expect(res.json()).toMatchObject({ stage: 'full', staff: { role: 'editor', totpRequired: false } });
    const session = tokenOf(res);
    for (const [method, url, body] of [
      ['GET', '/api/staff/members', undefined],
      ['GET', '/api/staff/audit', undefined],
      ['POST', '/api/staff/members', { username: 'sneaky', password: STAFF_PASSWORD, role: 'owner' }],
    ] as const) {
      const refused = await staffCall(t.app, session, method, url, body);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().error.message).toBe(staffMessages.forbidden);
    }
    expect((await login('sneaky')).statusCode).toBe(401);
  });

  describe('an owner manages the staff', () => {
    it('adds members, refuses bad ones by field, keeps an owner, and audits each change', async () => {
      const owner = await signInStaff(t, 'owner');
      const add = (body: object) => staffCall(t.app, owner, 'POST', '/api/staff/members', body);
      const created = await add({ username: 'Treasurer-A', password: STAFF_PASSWORD, role: 'treasurer' });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({
        username: 'Treasurer-A',
        role: 'treasurer',
        totpEnabled: false,
        disabled: false,
      });
      expect((await add({ username: 'treasurer-a', password: STAFF_PASSWORD, role: 'editor' })).statusCode).toBe(409);
      const noCenter = await add({ username: 'vol-a', password: STAFF_PASSWORD, role: 'volunteer' });
      expect(noCenter.statusCode).toBe(400);
      expect(noCenter.json().error.fields).toHaveProperty('centerId');
      const unknownCenter = await add({
        username: 'vol-a',
        password: STAFF_PASSWORD,
        role: 'volunteer',
        centerId: 999,
      });
      expect(unknownCenter.json().error.fields).toHaveProperty('centerId');
      const badRole = await add({ username: 'vol-a', password: STAFF_PASSWORD, role: 'king' });
      expect(badRole.statusCode).toBe(400);
      expect(badRole.json().error.fields).toHaveProperty('role');
      const weak = await add({ username: 'vol-a', password: 'short', role: 'editor' });
      expect(weak.statusCode).toBe(400);
      expect(
        (await add({ username: 'vol-a', password: STAFF_PASSWORD, role: 'volunteer', centerId: 2 })).json(),
      ).toMatchObject({ centerId: 2 });

      // The treasurer's password works at once, and a disabled treasurer can do nothing, even with a report key.
      const treasurerId = created.json().id;
      const treasurerSession = tokenOf(await login('Treasurer-A'));
      const reportKey = generateReportKey();
      await insertReportKey(t.testDb.db, { adminId: treasurerId, label: 'laptop', key: reportKey });
      const basic = { authorization: basicAuthorization({ username: 'Treasurer-A', password: reportKey }) };
      expect((await t.app.inject({ url: '/api/report-data', headers: basic })).statusCode).toBe(200);
      const disabled = await staffCall(t.app, owner, 'PATCH', `/api/staff/members/${treasurerId}`, { disabled: true });
      expect(disabled.json()).toMatchObject({ disabled: true });
      expect((await staffCall(t.app, treasurerSession, 'GET', '/api/staff/me')).statusCode).toBe(401);
      expect((await login('Treasurer-A')).statusCode).toBe(401);
      expect((await t.app.inject({ url: '/api/report-data', headers: basic })).statusCode).toBe(401);

      // Owners alone may be demoted only while another active owner stays.
      const members = (await staffCall(t.app, owner, 'GET', '/api/staff/members')).json().members as {
        id: string;
        role: string;
        disabled: boolean;
      }[];
      const owners = members.filter((m) => m.role === 'owner' && !m.disabled);
      for (const other of owners.filter((m) => m.id !== owner.id)) {
        await staffCall(t.app, owner, 'PATCH', `/api/staff/members/${other.id}`, { disabled: true });
      }
      const lastOwner = await staffCall(t.app, owner, 'PATCH', `/api/staff/members/${owner.id}`, { role: 'editor' });
      expect(lastOwner.statusCode).toBe(409);
      expect(lastOwner.json().error.fields).toHaveProperty('role');
      expect((await staffCall(t.app, owner, 'PATCH', `/api/staff/members/${owner.id}`, {})).statusCode).toBe(400);
      expect(
        (await staffCall(t.app, owner, 'PATCH', '/api/staff/members/not-a-uuid', { disabled: true })).statusCode,
      ).toBe(400);

      const audit = await staffCall(t.app, owner, 'GET', '/api/staff/audit');
      const actions = (
        audit.json().entries as { action: string; actorName: string; targetId: string; after: unknown }[]
      ).filter((e) => e.targetId === treasurerId);
      // Newest first. The treasurer's password-only session stopped at enrolment: not a sign-in yet.
      expect(actions.map((e) => e.action)).toEqual(['staff.update', 'staff.create']);
      expect(actions.find((e) => e.action === 'staff.update')).toMatchObject({
        actorName: owner.username,
        after: { disabled: true },
      });
      expect(JSON.stringify(audit.json())).not.toMatch(/argon2|passwordHash|totpSecret/);
    });

    it('keeps the audit log append-only, even against the application', async () => {
      const count = async () =>
        Number((await t.testDb.db.execute<{ n: string }>(sql`select count(*) as n from ${auditLog}`)).rows[0]?.n);
      const before = await count();
      expect(before).toBeGreaterThan(0);
      await expect(t.testDb.db.execute(sql`update ${auditLog} set action = 'nothing'`)).rejects.toThrow();
      await expect(t.testDb.db.execute(sql`delete from ${auditLog}`)).rejects.toThrow();
      // TRUNCATE fires no row trigger: a statement trigger refuses it, whoever asks.
      await expect(t.testDb.db.execute(sql`truncate ${auditLog}`)).rejects.toThrow();
      await expect(t.testDb.db.execute(sql`truncate table ${auditLog} cascade`)).rejects.toThrow();
      expect(await count()).toBe(before);
    });
  });

  it('refuses the report to editors and volunteers with Basic auth (it shows every center)', async () => {
    for (const role of ['editor', 'volunteer'] as const) {
      const member = await signInStaff(t, role);
      const headers = { authorization: basicAuthorization({ username: member.username, password: STAFF_PASSWORD }) };
      expect((await t.app.inject({ url: '/api/report-data', headers })).statusCode).toBe(401);
    }
  });
});
