/**
 * "Lost your link?": the same 202 for any address, an e-mail with a fresh link per registration only
 * to an address that registered, at most a few an hour per address (quietly) and per client (429).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { familyCall, insertFamily, insertSession } from '../../../test/family-helpers';
import { outboxMessages } from '../../../test/outbox-helpers';
import { adultRegistrant, minorRegistrant } from '../../../test/registration-helpers';
import { describeWithDb } from '../../../test/test-db';
import { LINKS_MAIL_KIND } from './change-mail-kind';
import { LINKS_PER_ADDRESS, LINKS_PER_CLIENT } from './lost-link';

describeWithDb('Lost your link?', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  const ask = (email: unknown, ip = '10.80.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/public/registrations/lost-link',
      payload: { email },
      remoteAddress: ip,
    });
  const linkMails = async (email: string) => {
    const rows = await t.testDb.db.execute<{ id: string }>(
      sql`select id::text from family_link_requests where lower(email) = lower(${email}) and mailed order by created_at`,
    );
    const mails = [];
    for (const row of rows.rows) mails.push(...(await outboxMessages(t.testDb.db, t.site, row.id, LINKS_MAIL_KIND)));
    return mails;
  };

  it('answers the same for a known and an unknown address, and mails a working link per registration', async () => {
    const session = await insertSession(t.testDb.db, { capacity: 5 });
    const a = await insertFamily(t.testDb.db, {
      sessionId: session.id,
      people: [adultRegistrant({ email: 'known@example.org' }), minorRegistrant()],
    });
    const b = await insertFamily(t.testDb.db, {
      sessionId: session.id,
      people: [adultRegistrant({ email: 'Known@Example.org', firstName: 'Ravi' })],
    });
    const known = await ask('KNOWN@example.org', '10.80.1.1');
    const unknown = await ask('nobody@example.org', '10.80.1.2');
    expect([known.statusCode, unknown.statusCode]).toEqual([202, 202]);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ message: 'If this address registered anyone, a link is on its way.' });
    expect(await linkMails('nobody@example.org')).toHaveLength(0);
    const [mail] = await linkMails('known@example.org');
    expect(mail?.toAddress).toBe('KNOWN@example.org');
    expect(mail?.text).toContain(`BGM-${String(a.number).padStart(6, '0')}`);
    expect(mail?.text).toContain(`BGM-${String(b.number).padStart(6, '0')}`);
    expect(mail?.text).toContain('Asha Rao, Anu Rao');
    expect(mail?.text).toContain('Dallas Center, Texas, Datta Auditorium');
    // Each link opens its own registration's page.
    const tokens = [...(mail?.text ?? '').matchAll(/\/registration\/yours\?token=([^\s]+)/g)].map((m) =>
      decodeURIComponent(m[1] ?? ''),
    );
    expect(tokens).toHaveLength(2);
    const pages = await Promise.all(tokens.map((token) => familyCall(t.app, token)));
    expect(pages.map((p) => p.json().people[0].firstName)).toEqual(['Asha', 'Ravi']);
  });

  it(`mails one address at most ${LINKS_PER_ADDRESS} times an hour, answering the same after`, async () => {
    const session = await insertSession(t.testDb.db, { capacity: 5 });
    await insertFamily(t.testDb.db, {
      sessionId: session.id,
      people: [adultRegistrant({ email: 'often@example.org' })],
    });
    const answers = [];
    for (let i = 0; i < LINKS_PER_ADDRESS + 2; i += 1) answers.push(await ask('often@example.org', `10.81.0.${i}`));
    expect(new Set(answers.map((a) => `${a.statusCode} ${a.body}`)).size).toBe(1);
    expect(await linkMails('often@example.org')).toHaveLength(LINKS_PER_ADDRESS);
  });

  it(`tells one client to wait after ${LINKS_PER_CLIENT} requests an hour`, async () => {
    const codes = [];
    for (let i = 0; i < LINKS_PER_CLIENT + 1; i += 1)
      codes.push((await ask(`x${i}@example.org`, '10.82.0.1')).statusCode);
    expect(codes).toEqual([...Array(LINKS_PER_CLIENT).fill(202), 429]);
    expect((await ask('x@example.org', '10.82.0.2')).statusCode).toBe(202);
  });

  it('refuses a malformed address with 400 naming the field, and stores nothing', async () => {
    const before = await t.testDb.db.execute<{ n: number }>(sql`select count(*)::int as n from family_link_requests`);
    for (const email of ['not-an-address', '', 42, null]) {
      const res = await ask(email, '10.83.0.1');
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toHaveProperty('email');
    }
    const after = await t.testDb.db.execute<{ n: number }>(sql`select count(*)::int as n from family_link_requests`);
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
  });
});
