/**
 * Registering into a session (POST /api/public/registrations with sessionId and ifFull): all or
 * nothing, the waiting line and its order, category caps, a replay, and sessions a family cannot
 * choose. What the family is told, and what is (not) stored: places, registrations, tickets, mail.
 */
import { randomUUID } from 'node:crypto';
import { eventSessionTexts } from '@store/shared/event-sessions';
import { parseRegistrationNumber, registrationResponseSchema } from '@store/shared/registration';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { serverI18n } from '#src/i18n/server-i18n';
import { eventSessions } from '#src/modules/event-sessions/tables';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createSession } from '../../../test/event-session-helpers';
import {
  adultRegistrant,
  countRegistrationRows,
  minorRegistrant,
  postRegistration,
} from '../../../test/registration-helpers';
import { describeWithDb } from '../../../test/test-db';
import { registrations } from './tables';

/** The 409's message, in the English the API answers with. */
const notEnoughPlaces = (left: number, wanted: number) =>
  serverI18n('en')._(eventSessionTexts.notEnoughPlaces, { left, wanted });

describeWithDb('registering into a session: places, all or nothing, the waiting line', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  /** A family of `size` with an address of its own (the day's confirmations per address are not tested here). */
  const family = (size: number) => {
    const email = `family-${randomUUID().slice(0, 8)}@example.org`;
    return [adultRegistrant({ email }), ...Array.from({ length: size - 1 }, () => minorRegistrant({ email }))];
  };
  const sessionRow = async (id: number) => {
    const [row] = await t.testDb.db.select().from(eventSessions).where(eq(eventSessions.id, id));
    if (!row) throw new Error(`no session ${id}`);
    return row;
  };
  const liveTickets = async () =>
    Number(
      (await t.testDb.db.execute<{ n: number }>(sql`select count(*)::int as n from tickets where revoked_at is null`))
        .rows[0]?.n,
    );

  it('refuses a family of 3 for the last 2 places whole, storing nothing; the same attempt then joins the waiting line', async () => {
    const session = await createSession(t.testDb.db, { capacity: 5, taken: 3 });
    const registrants = family(3);
    const key = randomUUID();
    const before = await countRegistrationRows(t.testDb.db);
    const ticketsBefore = await liveTickets();

    const refused = await postRegistration(t.app, { key, body: { sessionId: session.id, registrants } });
    expect(refused.statusCode).toBe(409);
    const message = notEnoughPlaces(2, 3);
    expect(message).toBe(
      'Only 2 places are left in this session for 3 people. You may put everyone on the waiting list, or choose another session.',
    );
    expect(refused.json()).toEqual({ error: { code: 'not_enough_places', message, fields: { sessionId: message } } });
    expect(await countRegistrationRows(t.testDb.db)).toEqual(before);
    expect((await sessionRow(session.id)).taken).toBe(3);
    expect(await liveTickets()).toBe(ticketsBefore);

    // The key was not spent: the family chooses the waiting list with the same attempt.
    const waiting = await postRegistration(t.app, {
      key,
      body: { sessionId: session.id, ifFull: 'waitlist', registrants },
    });
    expect(waiting.statusCode).toBe(201);
    const answer = registrationResponseSchema.parse(waiting.json());
    expect(answer).toMatchObject({ status: 'waiting', waitingPosition: 1, registrants: 3, confirmationEmailed: true });
    expect(answer.people.map((p) => [p.position, p.ticketId])).toEqual([
      [1, null],
      [2, null],
      [3, null],
    ]);
    expect((await sessionRow(session.id)).taken).toBe(3);
    expect(await liveTickets()).toBe(ticketsBefore);
    expect(await countRegistrationRows(t.testDb.db)).toEqual({
      registrations: before.registrations + 1,
      registrants: before.registrants + 3,
      mail: before.mail + 1,
    });
    const [row] = await t.testDb.db
      .select()
      .from(registrations)
      .where(eq(registrations.number, parseRegistrationNumber(answer.registrationNumber) ?? -1));
    // The line's order is the order of arrival: the rank is the registration's number.
    expect(row).toMatchObject({ status: 'waiting', sessionId: session.id, waitlistRank: row?.number });

    // A replay tells the same, from the rows.
    const replay = await postRegistration(t.app, {
      key,
      body: { sessionId: session.id, ifFull: 'waitlist', registrants },
    });
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(waiting.json());

    // The next family is second in line; a family of 2 still fits the 2 places and is registered.
    const second = await postRegistration(t.app, {
      body: { sessionId: session.id, ifFull: 'waitlist', registrants: family(4) },
    });
    expect(registrationResponseSchema.parse(second.json())).toMatchObject({ status: 'waiting', waitingPosition: 2 });
    const fits = await postRegistration(t.app, { body: { sessionId: session.id, registrants: family(2) } });
    expect(fits.statusCode).toBe(201);
    expect(registrationResponseSchema.parse(fits.json())).toMatchObject({
      status: 'registered',
      waitingPosition: null,
    });
    expect((await sessionRow(session.id)).taken).toBe(5);
    expect(await liveTickets()).toBe(ticketsBefore + 2);

    const full = await postRegistration(t.app, { body: { sessionId: session.id, registrants: family(1) } });
    expect(full.statusCode).toBe(409);
    expect(full.json().error.message).toBe(notEnoughPlaces(0, 1));
  });

  it('gives every registrant a ticket, and answers a replay with the same tickets', async () => {
    const session = await createSession(t.testDb.db, { capacity: 50 });
    const body = { sessionId: session.id, registrants: family(3) };
    const key = randomUUID();
    const first = await postRegistration(t.app, { key, body });
    expect(first.statusCode).toBe(201);
    const answer = registrationResponseSchema.parse(first.json());
    expect(answer.status).toBe('registered');
    const ticketIds = answer.people.map((p) => p.ticketId);
    expect(new Set(ticketIds).size).toBe(3);
    expect(ticketIds).not.toContain(null);
    const again = await postRegistration(t.app, { key, body });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect((await sessionRow(session.id)).taken).toBe(3);
  });

  it('holds a category to its cap: two Memorization reciters for its last place are refused, one fits', async () => {
    const session = await createSession(t.testDb.db, { capacity: 100, memorizationCapacity: 3, memorizationTaken: 2 });
    const email = `cap-${randomUUID().slice(0, 8)}@example.org`;
    const two = [adultRegistrant({ email }), adultRegistrant({ email, firstName: 'Ravi', gender: 'Male' })];
    const before = await countRegistrationRows(t.testDb.db);
    const refused = await postRegistration(t.app, { body: { sessionId: session.id, registrants: two } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.fields).toEqual({ sessionId: notEnoughPlaces(1, 2) });
    expect(await countRegistrationRows(t.testDb.db)).toEqual(before);

    // Fluent Reading and minors are not held by the Memorization cap.
    const mixed = [
      adultRegistrant({ email }),
      adultRegistrant({ email, firstName: 'Ravi', gender: 'Male', category: 'Fluent Reading' }),
      minorRegistrant({ email }),
    ];
    const fits = await postRegistration(t.app, { body: { sessionId: session.id, registrants: mixed } });
    expect(fits.statusCode).toBe(201);
    expect(await sessionRow(session.id)).toMatchObject({ taken: 3, memorizationTaken: 3 });
  });

  it.each([
    ['missing', undefined, eventSessionTexts.sessionRequired],
    ['not a number', 'Dallas', eventSessionTexts.sessionRequired],
    ['not a whole number', 1.5, eventSessionTexts.sessionRequired],
    ['zero', 0, eventSessionTexts.sessionRequired],
  ])('refuses a sessionId that is %s: 400 naming it, nothing stored', async (_name, sessionId, message) => {
    const before = await countRegistrationRows(t.testDb.db);
    const res = await postRegistration(t.app, { body: { sessionId, registrants: family(1) } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ sessionId: message });
    expect(await countRegistrationRows(t.testDb.db)).toEqual(before);
  });

  it.each([
    ['unknown', async () => 2_000_000_000, 'This session does not exist. Please choose another session.'],
    ['beyond any id', async () => 9_007_199_254_740_991, 'This session does not exist. Please choose another session.'],
    [
      'archived',
      async () => (await createSession(t.testDb.db, { archived: true })).id,
      'This session is not open for registration. Please choose another session.',
    ],
    [
      'already started',
      async () => (await createSession(t.testDb.db, { startsAt: new Date(Date.now() - 60_000) })).id,
      'This session is not open for registration. Please choose another session.',
    ],
  ])('refuses a session that is %s: 400 naming sessionId, nothing stored', async (_name, makeSession, message) => {
    const sessionId = await makeSession();
    const before = await countRegistrationRows(t.testDb.db);
    for (const ifFull of ['refuse', 'waitlist']) {
      const res = await postRegistration(t.app, { body: { sessionId, ifFull, registrants: family(1) } });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'validation_error', fields: { sessionId: message } });
    }
    expect(await countRegistrationRows(t.testDb.db)).toEqual(before);
  });
});
