/**
 * The registration form is no mail relay (issue 18, point 3): 3 confirmations per recipient and 10
 * per client address a day; further registrations are stored and answered, not mailed, and the
 * answer says so. Simultaneous registrations to one address meet the limit too.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createSession } from '../../../test/event-session-helpers';
import { adultRegistrant, postRegistration } from '../../../test/registration-helpers';
import { describeWithDb } from '../../../test/test-db';
import { CONFIRMATIONS_PER_CLIENT, CONFIRMATIONS_PER_RECIPIENT } from './confirmation-limit';

describeWithDb('registration confirmations: at most a few per address a day', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    sessionId = (await createSession(t.testDb.db)).id;
  });
  let sessionId: number;
  afterAll(() => t?.close());

  const mailedTo = async (email: string) =>
    Number(
      (
        await t.testDb.db.execute<{ n: number }>(sql`
          select count(*)::int as n from mail_outbox m join registrations r on m.subject_id = r.id::text
          where m.kind = 'registration-confirmation' and lower(r.email) = lower(${email})`)
      ).rows[0]?.n,
    );
  const register = (email: string, ip: string) =>
    postRegistration(t.app, { body: { sessionId, registrants: [adultRegistrant({ email })] }, remoteAddress: ip });

  it('mails 3 confirmations to one recipient a day, stores the rest and says they were not mailed', async () => {
    const answers = [];
    // From a new address each time, the recipient's address typed in any case.
    for (let i = 0; i < 6; i += 1)
      answers.push(await register(i % 2 ? 'VICTIM@example.org' : 'victim@example.org', `10.70.0.${i}`));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(201));
    expect(answers.map((a) => a.json().confirmationEmailed)).toEqual([true, true, true, false, false, false]);
    expect(await mailedTo('victim@example.org')).toBe(CONFIRMATIONS_PER_RECIPIENT);
    const stored = await t.testDb.db.execute<{ n: number; mailed: number }>(sql`
      select count(*)::int as n, count(*) filter (where confirmation_emailed)::int as mailed
      from registrations where lower(email) = 'victim@example.org'`);
    expect(stored.rows[0]).toEqual({ n: 6, mailed: 3 });
    // Another recipient is not affected.
    expect((await register('someone.else@example.org', '10.70.1.1')).json().confirmationEmailed).toBe(true);
  });

  it('mails 10 confirmations a day for one client address, whatever the recipients', async () => {
    const flags: boolean[] = [];
    for (let i = 0; i < CONFIRMATIONS_PER_CLIENT + 2; i += 1) {
      flags.push((await register(`family${i}@example.org`, '10.71.0.1')).json().confirmationEmailed);
    }
    expect(flags).toEqual([...Array(CONFIRMATIONS_PER_CLIENT).fill(true), false, false]);
  });

  it('holds when 10 registrations to one recipient arrive at once', async () => {
    const email = `burst-${randomUUID().slice(0, 8)}@example.org`;
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => register(email, `10.72.0.${i}`)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(201));
    expect(answers.filter((a) => a.json().confirmationEmailed).length).toBe(CONFIRMATIONS_PER_RECIPIENT);
    expect(await mailedTo(email)).toBe(CONFIRMATIONS_PER_RECIPIENT);
  });

  it('answers a repeat of a registration that was not mailed the same way', async () => {
    const email = 'repeat.limit@example.org';
    for (let i = 0; i < CONFIRMATIONS_PER_RECIPIENT; i += 1) await register(email, `10.73.0.${i}`);
    const key = randomUUID();
    const body = { sessionId, registrants: [adultRegistrant({ email })] };
    const first = await postRegistration(t.app, { body, key, remoteAddress: '10.73.1.1' });
    const again = await postRegistration(t.app, { body, key, remoteAddress: '10.73.1.1' });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(first.json().confirmationEmailed).toBe(false);
  });
});
