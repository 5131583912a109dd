/**
 * The tickets' routes as their clients call them: the public key a check-in device fetches, the
 * family's download by its e-mailed link (good, forged, expired), a signed-in donor's download, and
 * a session's check-in list for each role, with a changed registrant's old ticket among the revoked.
 */
import { createPublicKey, randomUUID } from 'node:crypto';
import { checkInListSchema, ticketPublicKeySchema } from '@store/shared/check-in-list';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eventLinkKey, eventLinkToken } from '#src/modules/registrations/event-link';
import { GOOD_PASSWORD, registerAccount, sessionCookie } from '../../../test/auth-helpers';
import { buildTestApp, TEST_SESSION_SECRET, type TestApp } from '../../../test/build-test-app';
import { pdfText } from '../../../test/pdf-text';
import { signInStaff, staffCall } from '../../../test/staff-helpers';
import { describeWithDb } from '../../../test/test-db';
import {
  adultPerson,
  changeRegistrant,
  childPerson,
  seedRegistration,
  seedSession,
} from '../../../test/ticket-fixtures';
import { decodeTicketQrFromPdf } from '../../../test/ticket-qr';
import { verifyTicket } from './verify-ticket';

const DAY = 24 * 60 * 60 * 1000;
const linkKey = eventLinkKey(TEST_SESSION_SECRET);
const familyToken = (registrationId: string, expiresAt = new Date(Date.now() + DAY)) =>
  eventLinkToken(linkKey, 'family', registrationId, expiresAt);
const download = (t: TestApp, token: string) =>
  t.app.inject({ url: `/api/public/registrations/tickets.pdf?token=${encodeURIComponent(token)}` });

describeWithDb('tickets routes', () => {
  let t: TestApp;
  let publicKey: ReturnType<typeof createPublicKey>;

  beforeAll(async () => {
    t = await buildTestApp();
    const res = await t.app.inject({ url: '/api/public/tickets/public-key' });
    publicKey = createPublicKey({ key: ticketPublicKeySchema.parse(res.json()).jwk, format: 'jwk' });
  });
  afterAll(() => t?.close());

  it('publishes the Ed25519 public key, raw and as a JWK', async () => {
    const res = await t.app.inject({ url: '/api/public/tickets/public-key' });
    expect(res.statusCode).toBe(200);
    const body = ticketPublicKeySchema.parse(res.json());
    expect(body.algorithm).toBe('Ed25519');
    expect(Buffer.from(body.publicKey, 'base64url')).toHaveLength(32);
    expect(body.jwk).toEqual({ kty: 'OKP', crv: 'Ed25519', x: body.publicKey });
    // Nothing private goes out.
    expect(JSON.stringify(body)).not.toMatch(/"d"/);
  });

  it('downloads a family’s tickets with the link from their e-mail: one page each, codes verifying', async () => {
    const session = await seedSession(t.testDb.db);
    const { registration, tickets } = await seedRegistration(t.testDb.db, {
      sessionId: session.id,
      people: [adultPerson({ firstName: 'Meera' }), childPerson()],
    });
    const res = await download(t, familyToken(registration.id));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="tickets-BGM-\d{6}\.pdf"$/);
    const words = await pdfText(res.rawPayload);
    expect(words).toContain('Meera Rao');
    expect(words).toContain('Child');
    const codes = await decodeTicketQrFromPdf(res.rawPayload);
    expect(codes.map((code) => verifyTicket(publicKey, code))).toEqual(
      tickets.map((ticket) => ({ ok: true, payload: { t: ticket.id, s: session.id, v: 1 } })),
    );
  });

  it('refuses a forged, mangled or missing link (400) and an expired one (410), naming what to do', async () => {
    const session = await seedSession(t.testDb.db);
    const { registration } = await seedRegistration(t.testDb.db, { sessionId: session.id, people: [adultPerson()] });
    const good = familyToken(registration.id);
    const otherPurpose = eventLinkToken(linkKey, 'unsubscribe', registration.id, new Date(Date.now() + DAY));
    const otherKey = eventLinkToken(
      eventLinkKey('another-secret-0123456789abcdefghij'),
      'family',
      registration.id,
      new Date(Date.now() + DAY),
    );
    const forgedId = `${randomUUID()}${good.slice(36)}`;
    for (const token of [otherPurpose, otherKey, forgedId, good.slice(0, -3), 'nonsense']) {
      const res = await download(t, token);
      expect(res.statusCode, token).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'invalid_token', fields: { token: 'invalid' } });
      expect(res.json().error.message).toBe('This link is not valid. Use the link from your e-mail as it is.');
    }
    const missing = await t.app.inject({ url: '/api/public/registrations/tickets.pdf' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toHaveProperty('token');

    const expired = await download(t, familyToken(registration.id, new Date(Date.now() - 1000)));
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error.message).toMatch(/expired.*Lost your link\?/);
  });

  it('answers 404 for a registration with no tickets (the waiting list)', async () => {
    const session = await seedSession(t.testDb.db, { capacity: 0 });
    const { registration } = await seedRegistration(t.testDb.db, {
      sessionId: session.id,
      status: 'waiting',
      people: [adultPerson()],
    });
    const res = await download(t, familyToken(registration.id));
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toMatch(/no tickets: it is on the waiting list/);
  });

  it('lets a signed-in donor download the tickets of their own registration, and no one else’s', async () => {
    const email = `donor-${randomUUID().slice(0, 8)}@example.org`;
    const account = await registerAccount(t.app, { email, password: GOOD_PASSWORD });
    const cookie = sessionCookie(account);
    const users = await t.testDb.db.execute<{ id: string }>(sql`select id from users where email = ${email}`);
    const userId = users.rows[0]?.id ?? null;
    const session = await seedSession(t.testDb.db);
    const mine = await seedRegistration(t.testDb.db, { sessionId: session.id, userId, people: [adultPerson()] });
    const theirs = await seedRegistration(t.testDb.db, { sessionId: session.id, people: [adultPerson()] });
    const get = (id: string, withCookie = true) =>
      t.app.inject({
        url: `/api/account/registrations/${id}/tickets.pdf`,
        ...(withCookie && cookie ? { cookies: { [cookie.name]: cookie.value } } : {}),
      });
    const ok = await get(mine.registration.id);
    expect(ok.statusCode).toBe(200);
    expect(await decodeTicketQrFromPdf(ok.rawPayload)).toHaveLength(1);
    expect((await get(theirs.registration.id)).statusCode).toBe(404);
    expect((await get(mine.registration.id, false)).statusCode).toBe(401);
    const bad = await get('not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('id');
  });

  it('gives the check-in list: live tickets with codes and guardians, and the revoked ids of changed tickets', async () => {
    const session = await seedSession(t.testDb.db, { centerId: 2 });
    const family = await seedRegistration(t.testDb.db, {
      sessionId: session.id,
      people: [adultPerson({ firstName: 'Lakshmi' }), childPerson({ firstName: 'Anu' })],
    });
    const child = family.registrants[1];
    const oldTicket = family.tickets[1];
    if (!child || !oldTicket) throw new Error('the family was not seeded');
    const { issued } = await changeRegistrant(t.testDb.db, child.id, session.id);

    const treasurer = await signInStaff(t, 'treasurer');
    const res = await staffCall(t.app, treasurer, 'GET', `/api/staff/sessions/${session.id}/check-in-list`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const list = checkInListSchema.parse(res.json());
    expect(list.session).toMatchObject({
      id: session.id,
      centerName: 'Dallas Center, Texas',
      hall: 'Datta Auditorium',
    });
    expect(list.tickets.map(({ code: _code, ...ticket }) => ticket)).toEqual([
      { ticketId: family.tickets[0]?.id, name: 'Lakshmi Rao', category: 'Memorization', minor: false, guardians: null },
      {
        ticketId: issued.id,
        name: 'Anu Rao',
        category: 'Child',
        minor: true,
        guardians: { mother: 'Asha Rao', motherPhone: '512 555 0100', father: 'Ravi Rao', fatherPhone: '512 555 0101' },
      },
    ]);
    expect(list.revoked).toEqual([oldTicket.id]);
    // Every code verifies with the list's own key; the old printout's id is among the revoked.
    const listKey = createPublicKey({ key: list.publicKey.jwk, format: 'jwk' });
    expect(list.tickets.map((ticket) => verifyTicket(listKey, ticket.code).ok)).toEqual([true, true]);
    expect(list.publicKey.publicKey).toBe(publicKey.export({ format: 'jwk' }).x);
  });

  it('lets a volunteer read their own center’s list only, and refuses an editor and a visitor', async () => {
    const session = await seedSession(t.testDb.db, { centerId: 2 });
    await seedRegistration(t.testDb.db, { sessionId: session.id, people: [adultPerson()] });
    const url = `/api/staff/sessions/${session.id}/check-in-list`;
    const own = await staffCall(t.app, await signInStaff(t, 'volunteer', { centerId: 2 }), 'GET', url);
    expect(own.statusCode).toBe(200);
    expect(own.json().tickets).toHaveLength(1);
    const other = await staffCall(t.app, await signInStaff(t, 'volunteer', { centerId: 1 }), 'GET', url);
    expect(other.statusCode).toBe(403);
    expect(other.json().error).toMatchObject({
      code: 'other_center',
      message: 'This session belongs to another center (Dallas Center, Texas).',
    });
    expect((await staffCall(t.app, await signInStaff(t, 'editor'), 'GET', url)).statusCode).toBe(403);
    expect((await staffCall(t.app, undefined, 'GET', url)).statusCode).toBe(401);
    const owner = await signInStaff(t, 'owner');
    expect((await staffCall(t.app, owner, 'GET', '/api/staff/sessions/999999/check-in-list')).statusCode).toBe(404);
    const bad = await staffCall(t.app, owner, 'GET', '/api/staff/sessions/abc/check-in-list');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('id');
  });
});
