/**
 * The sessions site.json seeds (once, whatever the restarts) and GET /api/public/event/sessions: what
 * a family choosing where to recite is shown.
 */
import { eventSessionsResponseSchema } from '@store/shared/event-sessions';
import { isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createSession } from '../../../test/event-session-helpers';
import { adultRegistrant, postRegistration } from '../../../test/registration-helpers';
import { describeWithDb } from '../../../test/test-db';
import { seedSessions } from './seed-sessions';
import { eventSessions } from './tables';

describeWithDb('event sessions: seeded once, listed with their places', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  const seeded = () =>
    t.testDb.db
      .select({
        key: eventSessions.seedKey,
        capacity: eventSessions.capacity,
        memorization: eventSessions.memorizationCapacity,
      })
      .from(eventSessions)
      .where(isNotNull(eventSessions.seedKey))
      .orderBy(eventSessions.seedKey);

  it("seeds each of site.json's sessions once, and a restart or a second process seeds nothing again", async () => {
    const expected = [
      { key: 'bay-area-2027', capacity: 400, memorization: null },
      { key: 'dallas-2027', capacity: 600, memorization: 250 },
      { key: 'new-jersey-2027', capacity: 300, memorization: null },
      { key: 'toronto-2027', capacity: 200, memorization: null },
    ];
    expect(await seeded()).toEqual(expected);
    // A second process starting on the same database, and a start seeding again by hand.
    const again = await buildTestApp({ sharedDb: t.testDb });
    await again.close();
    expect(await seedSessions(t.testDb.db, t.site.eventSessions)).toBe(0);
    expect(await seeded()).toEqual(expected);
  });

  it('lists the open sessions soonest first with places left, Almost full, Full and the waiting line; never cached', async () => {
    const day = 24 * 60 * 60 * 1000;
    const inDays = (n: number) => new Date(Date.now() + n * day);
    const roomy = await createSession(t.testDb.db, { startsAt: inDays(3), capacity: 100, taken: 10 });
    const almost = await createSession(t.testDb.db, {
      startsAt: inDays(2),
      centerId: 1,
      hall: 'Main prayer hall',
      capacity: 100,
      taken: 90,
      memorizationCapacity: 20,
      memorizationTaken: 5,
    });
    const full = await createSession(t.testDb.db, { startsAt: inDays(4), capacity: 1 });
    const archived = await createSession(t.testDb.db, { startsAt: inDays(1), archived: true });
    const started = await createSession(t.testDb.db, { startsAt: new Date(Date.now() - 60_000) });
    // A family takes the full session's place, the next joins its waiting line.
    const register = (ifFull: 'refuse' | 'waitlist') =>
      postRegistration(t.app, { body: { sessionId: full.id, ifFull, registrants: [adultRegistrant()] } });
    expect((await register('refuse')).statusCode).toBe(201);
    expect((await register('waitlist')).statusCode).toBe(201);

    const res = await t.app.inject({ url: '/api/public/event/sessions' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const mine = [almost.id, roomy.id, full.id, archived.id, started.id];
    const listed = eventSessionsResponseSchema.parse(res.json()).sessions.filter((s) => mine.includes(s.id));
    expect(listed).toEqual([
      {
        id: almost.id,
        centerId: 1,
        centerName: 'Bay Area Center, California',
        hall: 'Main prayer hall',
        address: '4455 Legacy Dr, Frisco, TX 75034',
        startsAt: almost.startsAt.toISOString(),
        timeZone: 'America/Chicago',
        capacity: 100,
        placesLeft: 10,
        categoryPlacesLeft: { Memorization: 15, 'Fluent Reading': null },
        availability: 'almost_full',
        waitingFamilies: 0,
      },
      expect.objectContaining({
        id: roomy.id,
        centerName: 'Dallas Center, Texas',
        placesLeft: 90,
        availability: 'open',
      }),
      expect.objectContaining({ id: full.id, placesLeft: 0, availability: 'full', waitingFamilies: 1 }),
    ]);
  });
});
