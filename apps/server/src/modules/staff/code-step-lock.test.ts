/**
 * The member's code step locks after ten wrong codes in 15 minutes, from any addresses, right code
 * and recovery codes included (code-step-lock.ts), through the API on both databases: the lock's
 * one e-mail and audit line, the window passing, the owner's unlock, and codes sent all at once.
 */
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { staffMessages } from '@store/shared/staff';
import { and, eq, like, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SITE_ORIGIN } from '../../../test/auth-helpers';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { outboxMessages } from '../../../test/outbox-helpers';
import { type SignedInStaff, STAFF_PASSWORD, signInStaff, staffCall } from '../../../test/staff-helpers';
import { describeWithDb } from '../../../test/test-db';
import { mailOutbox } from '../mail/tables';
import { CODE_STEP_LOCKED_SUBJECT } from './code-step-lock-mail';
import { CODE_STEP_LOCKED_KIND } from './code-step-lock-notice';
import { STAFF_COOKIE } from './staff-cookie';
import { auditLog, staffCodeGuesses } from './tables';
import { totpCodeNow } from './totp';

type Enrolled = { id: string; username: string; secret: Uint8Array; recovery: string[] };

describeWithDb('the code step locks after ten wrong codes', () => {
  let t: TestApp;
  let owner: SignedInStaff;
  let address = 0;
  beforeAll(async () => {
    t = await buildTestApp();
    owner = await signInStaff(t, 'owner');
  });
  afterAll(() => t?.close());

  /** A new address for every call: the lock must not depend on where the codes come from. */
  const nextAddress = () => {
    address += 1;
    return `10.77.${Math.floor(address / 250)}.${(address % 250) + 1}`;
  };

  const send = (url: string, payload: object, token?: string): Promise<LightMyRequestResponse> =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      remoteAddress: nextAddress(),
      headers: { origin: SITE_ORIGIN },
      ...(token === undefined ? {} : { cookies: { [STAFF_COOKIE]: token } }),
    });

  const tokenOf = (res: LightMyRequestResponse): string => {
    const cookie = res.cookies.find((c) => c.name === STAFF_COOKIE);
    if (!cookie) throw new Error(`no staff cookie in ${res.statusCode} ${res.body}`);
    return cookie.value;
  };

  /** The password step, from a fresh address: a session that owes a code. */
  const passwordStep = async (member: { username: string }) => {
    const res = await send('/api/staff/login', { username: member.username, password: STAFF_PASSWORD });
    expect(res.json().stage).toBe('totp');
    return tokenOf(res);
  };
  const codeStep = async (member: { username: string }, code: string) =>
    send('/api/staff/login/code', { code }, await passwordStep(member));

  /** A treasurer with two-factor set up through the API, as the enrolment page does it. */
  const enrolledTreasurer = async (email?: string): Promise<Enrolled> => {
    const member = await signInStaff(t, 'treasurer');
    if (email !== undefined) {
      const set = await staffCall(t.app, owner, 'PATCH', `/api/staff/members/${member.id}`, { email });
      expect(set.json()).toMatchObject({ email });
    }
    const login = await send('/api/staff/login', { username: member.username, password: STAFF_PASSWORD });
    const session = tokenOf(login);
    const setup = await send('/api/staff/totp/setup', {}, session);
    const secret = decodeBase32IgnorePadding(setup.json().secret);
    const confirmed = await send('/api/staff/totp/confirm', { code: totpCodeNow(secret) }, session);
    expect(confirmed.statusCode).toBe(200);
    return { id: member.id, username: member.username, secret, recovery: confirmed.json().recoveryCodes };
  };

  /** A right code the member has not used: the next 30-second step's (the enrolment used this one). */
  const rightCode = (member: Enrolled) => totpCodeNow(member.secret, Date.now() + 30_000);
  const wrongCode = (member: Enrolled, i: number) => {
    const right = new Set([-30_000, 0, 30_000].map((drift) => totpCodeNow(member.secret, Date.now() + drift)));
    let code = String(100_000 + i * 7919).padStart(6, '0');
    while (right.has(code)) code = String(Number(code) + 1);
    return code;
  };

  const expectLocked = (res: LightMyRequestResponse) => {
    expect(res.statusCode).toBe(429);
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(res.json().error.message).toMatch(/paused after 10 wrong codes.*wait 15 minutes, or ask an owner/);
  };

  const auditOf = (memberId: string) =>
    t.testDb.db
      .select({ action: auditLog.action, actorName: auditLog.actorName, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.targetId, memberId), like(auditLog.action, 'staff.code-step.%')))
      .orderBy(auditLog.id);

  it('refuses the right code after ten wrong ones from ten addresses, e-mails the member once and audits it', async () => {
    const member = await enrolledTreasurer('treasurer.locked@example.org');
    for (let i = 0; i < 10; i += 1) {
      const wrong = await codeStep(member, wrongCode(member, i));
      expect(wrong.statusCode, `wrong code ${i + 1}`).toBe(401);
      expect(wrong.json().error.message).toBe(staffMessages.invalidCode);
    }
    expectLocked(await codeStep(member, rightCode(member)));
    expectLocked(await codeStep(member, wrongCode(member, 11)));
    expectLocked(await codeStep(member, member.recovery[0] ?? ''));

    const mails = await t.testDb.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, CODE_STEP_LOCKED_KIND), like(mailOutbox.subjectId, `${member.id}:%`)));
    expect(mails).toHaveLength(1);
    const [message] = await outboxMessages(t.testDb.db, t.site, String(mails[0]?.subjectId), CODE_STEP_LOCKED_KIND);
    expect(message).toMatchObject({ toAddress: 'treasurer.locked@example.org', subject: CODE_STEP_LOCKED_SUBJECT });
    expect(message?.text).toContain(`Dear ${member.username},`);
    expect(message?.text).toContain('entered 10 wrong two-factor codes within 15 minutes');
    expect(message?.text).toContain('change it');

    const lines = await auditOf(member.id);
    expect(lines).toEqual([
      expect.objectContaining({ action: 'staff.code-step.lock', after: expect.objectContaining({ emailed: true }) }),
    ]);

    const listed = await staffCall(t.app, owner, 'GET', '/api/staff/members');
    const shown = listed.json().members.find((m: { id: string }) => m.id === member.id);
    expect(Date.parse(shown.codeStepLockedUntil) - Date.now()).toBeGreaterThan(14 * 60_000);
  });

  it('counts recovery codes in the same limit', async () => {
    const member = await enrolledTreasurer();
    for (let i = 0; i < 10; i += 1) {
      // Half wrong recovery codes, half wrong authenticator codes.
      const code = i % 2 === 0 ? `zzzzz-${'abcdefghij'[i]}zzzz` : wrongCode(member, i);
      expect((await codeStep(member, code)).statusCode).toBe(401);
    }
    expectLocked(await codeStep(member, member.recovery[0] ?? ''));
    // The refused recovery code was not used up: it works once the lock is gone.
    await t.testDb.db.delete(staffCodeGuesses).where(eq(staffCodeGuesses.adminId, member.id));
    expect((await codeStep(member, member.recovery[0] ?? '')).statusCode).toBe(200);
  });

  it('opens again when the 15 minutes have passed, and a right code starts the count again', async () => {
    const member = await enrolledTreasurer();
    for (let i = 0; i < 10; i += 1) await codeStep(member, wrongCode(member, i));
    expectLocked(await codeStep(member, rightCode(member)));
    // The window began at the first wrong code; move it 15 minutes back (the database's clock counts).
    await t.testDb.db
      .update(staffCodeGuesses)
      .set({ windowStartedAt: sql`${staffCodeGuesses.windowStartedAt} - interval '15 minutes'` })
      .where(eq(staffCodeGuesses.adminId, member.id));
    expect((await codeStep(member, rightCode(member))).statusCode).toBe(200);

    // After a sign-in nine wrong codes do not lock, and the tenth after them does.
    for (let i = 0; i < 9; i += 1) expect((await codeStep(member, wrongCode(member, i))).statusCode).toBe(401);
    expect((await codeStep(member, member.recovery[1] ?? '')).statusCode).toBe(200);
    for (let i = 0; i < 10; i += 1) expect((await codeStep(member, wrongCode(member, i))).statusCode).toBe(401);
    expectLocked(await codeStep(member, member.recovery[2] ?? ''));
  });

  it('lets an owner unlock it, audited, and refuses the unlock to every other role', async () => {
    const member = await enrolledTreasurer();
    for (let i = 0; i < 10; i += 1) await codeStep(member, wrongCode(member, i));
    const unlock = `/api/staff/members/${member.id}/code-step/unlock`;
    for (const role of ['treasurer', 'editor', 'volunteer'] as const) {
      const other = await signInStaff(t, role);
      const refused = await staffCall(t.app, other, 'POST', unlock);
      expect(refused.statusCode, role).toBe(403);
      expect(refused.json().error.message).toBe(staffMessages.forbidden);
    }
    expectLocked(await codeStep(member, rightCode(member)));
    const forged = await t.app.inject({
      method: 'POST',
      url: unlock,
      cookies: { [STAFF_COOKIE]: owner.token },
      headers: { origin: 'https://evil.example' },
    });
    expect(forged.statusCode).toBe(403);
    expect((await staffCall(t.app, owner, 'POST', '/api/staff/members/not-a-member/code-step/unlock')).statusCode).toBe(
      400,
    );
    const unknown = await staffCall(t.app, owner, 'POST', `/api/staff/members/${crypto.randomUUID()}/code-step/unlock`);
    expect(unknown.statusCode).toBe(404);

    const unlocked = await staffCall(t.app, owner, 'POST', unlock);
    expect(unlocked.statusCode).toBe(200);
    expect(unlocked.json()).toMatchObject({ id: member.id, codeStepLockedUntil: null });
    expect((await codeStep(member, rightCode(member))).statusCode).toBe(200);

    const lines = await auditOf(member.id);
    expect(lines.map((line) => line.action)).toEqual(['staff.code-step.lock', 'staff.code-step.unlock']);
    expect(lines[1]).toMatchObject({ actorName: owner.username, after: { codeStepLocked: false } });
    expect(lines[0]).toMatchObject({ after: expect.objectContaining({ emailed: false }) });
  });

  it('checks at most ten of thirty wrong codes sent at once, and locks once', async () => {
    const member = await enrolledTreasurer('treasurer.raced@example.org');
    const sessions = await Promise.all(Array.from({ length: 30 }, () => passwordStep(member)));
    const answers = await Promise.all(
      sessions.map((session, i) => send('/api/staff/login/code', { code: wrongCode(member, i) }, session)),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20);
    expectLocked(await codeStep(member, rightCode(member)));
    const mails = await t.testDb.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, CODE_STEP_LOCKED_KIND), like(mailOutbox.subjectId, `${member.id}:%`)));
    expect(mails).toHaveLength(1);
    expect((await auditOf(member.id)).map((line) => line.action)).toEqual(['staff.code-step.lock']);
  });

  it("takes a member's e-mail address from an owner, and refuses a bad one by field, changing nothing", async () => {
    const member = await signInStaff(t, 'editor');
    const bad = await staffCall(t.app, owner, 'PATCH', `/api/staff/members/${member.id}`, { email: 'not an address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('email');
    const cleared = await staffCall(t.app, owner, 'PATCH', `/api/staff/members/${member.id}`, { email: '' });
    expect(cleared.json()).toMatchObject({ email: null });
    const added = await staffCall(t.app, owner, 'POST', '/api/staff/members', {
      username: 'mailed-editor',
      password: STAFF_PASSWORD,
      role: 'editor',
      email: 'mailed.editor@example.org',
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ email: 'mailed.editor@example.org', codeStepLockedUntil: null });
    const badNew = await staffCall(t.app, owner, 'POST', '/api/staff/members', {
      username: 'unmailed-editor',
      password: STAFF_PASSWORD,
      role: 'editor',
      email: 'nowhere',
    });
    expect(badNew.statusCode).toBe(400);
    expect(badNew.json().error.fields).toHaveProperty('email');
    expect((await send('/api/staff/login', { username: 'unmailed-editor', password: STAFF_PASSWORD })).statusCode).toBe(
      401,
    );
  });
});
