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

  it('keeps ?lang=hi on the registration', async () => {
    const { registration } = await register({ 'accept-language': 'te-IN' }, '?lang=hi');
    expect(registration.locale).toBe('hi');
  });

  it('keeps the lang cookie’s language, and the browser’s without one', async () => {
    expect((await register({ cookie: 'lang=te' })).registration.locale).toBe('te');
    expect((await register({ 'accept-language': 'hi-IN,hi;q=0.9' })).registration.locale).toBe('hi');
  });

  it('is English for a language the site does not have', async () => {
    const { registration, mail } = await register({ cookie: 'lang=fr', 'accept-language': 'fr' }, '?lang=xx');
    expect(registration.locale).toBe('en');
    expect(mail.subject).toMatch(/registration/i);
  });
});
