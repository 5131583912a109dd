/**
 * The language a family registers in (decision 0042): the registration keeps the request's (?lang=,
 * the lang cookie, Accept-Language, else English), and the confirmation the mail worker writes
 * later is in it. An unknown language is English, never an error.
 */
import { parseRegistrationNumber } from '@store/shared/registration';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { EventSession } from '#src/modules/event-sessions/tables';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createSession } from '../../../test/event-session-helpers';
import { outboxMessages } from '../../../test/outbox-helpers';
import { adultRegistrant, minorRegistrant } from '../../../test/registration-helpers';
import { describeWithDb } from '../../../test/test-db';
import { CONFIRMATION_KIND } from './confirmation-kind';
import { registrations } from './tables';

describeWithDb('the language of a registration and of its confirmation', () => {
  let t: TestApp;
  let session: EventSession;
  let n = 0;
  beforeAll(async () => {
    t = await buildTestApp();
    session = await createSession(t.testDb.db);
  });
  afterAll(() => t?.close());

  /** A family of two registered with these headers and this query: its row and its confirmation. */
  async function register(headers: Record<string, string>, query = '') {
    n += 1;
    const email = `family${n}@example.org`;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/public/registrations${query}`,
      headers: { 'idempotency-key': crypto.randomUUID(), ...headers },
      payload: {
        sessionId: session.id,
        registrants: [adultRegistrant({ email }), minorRegistrant({ email })],
      },
      remoteAddress: `10.78.0.${n}`,
    });
    expect(res.statusCode, res.body).toBe(201);
    const number = parseRegistrationNumber(res.json().registrationNumber) ?? -1;
    const [registration] = await t.testDb.db.select().from(registrations).where(eq(registrations.number, number));
    if (!registration) throw new Error('no registration');
    const [mail] = await outboxMessages(t.testDb.db, t.site, registration.id, CONFIRMATION_KIND);
    if (!mail) throw new Error('no confirmation');
    return { registration, mail };
  }

  it('keeps ?lang=hi on the registration, and its confirmation is in Hindi', async () => {
    const { registration, mail } = await register({ 'accept-language': 'te-IN' }, '?lang=hi');
    expect(registration.locale).toBe('hi');
    expect(mail.subject).toMatch(/पंजीकरण BGM-\d{6}$/);
    for (const body of [mail.text ?? '', mail.html ?? '']) {
      expect(body).toContain('प्रिय Asha,');
      expect(body).toContain('के लिए पंजीकरण करने के लिए धन्यवाद।');
      expect(body).toContain('2 लोगों के पंजीकरण की पुष्टि');
      expect(body).toContain('पंजीकरण संख्या');
      // The family's details in Hindi words; names, places and the number as typed.
      expect(body).toContain('माँ: Asha Rao (512 555 0100)');
      expect(body).toContain('कंठस्थ पाठ');
    }
    expect(mail.text).toContain('Asha Rao, आयु 42');
    expect(mail.html).toContain('<html lang="hi">');
    // The tickets PDF goes with it.
    expect(mail.attachments?.[0]?.fileName).toMatch(/^tickets-BGM-\d{6}\.pdf$/);
  });

  it('keeps the lang cookie’s language (Telugu), and the browser’s without one', async () => {
    const telugu = await register({ cookie: 'lang=te' });
    expect(telugu.registration.locale).toBe('te');
    expect(telugu.mail.subject).toMatch(/నమోదు BGM-\d{6}$/);
    expect(telugu.mail.text).toContain('ప్రియమైన Asha,');
    expect(telugu.mail.text).toContain('2 మంది నమోదును నిర్ధారిస్తుంది');
    expect((await register({ 'accept-language': 'hi-IN,hi;q=0.9' })).registration.locale).toBe('hi');
  });

  it('is English, as it always was, for a language the site does not have', async () => {
    const { registration, mail } = await register({ cookie: 'lang=fr', 'accept-language': 'fr' }, '?lang=xx');
    expect(registration.locale).toBe('en');
    expect(mail.subject).toMatch(/ registration BGM-\d{6}$/);
    expect(mail.text).toContain('Dear Asha,');
    expect(mail.text).toContain('Mother: Asha Rao (512 555 0100)');
  });
});
