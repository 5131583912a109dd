/**
 * POST /api/public/registrations through the whole app: what is stored (one registration, its
 * registrants in order, the confirmation in the outbox, in one go), and what the visitor is told.
 */
import { randomUUID } from 'node:crypto';
import {
  formatRegistrationNumber,
  parseRegistrationNumber,
  registrationResponseSchema,
} from '@store/shared/registration';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppContext } from '#src/app-context';
import { users } from '#src/modules/auth/tables';
import { createCaptchaVerifier } from '#src/modules/captcha/create-verifier';
import type { EventSession } from '#src/modules/event-sessions/tables';
import { fixedSiteSource } from '#src/site/site-source';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createSession } from '../../../test/event-session-helpers';
import { outboxMessages } from '../../../test/outbox-helpers';
import {
  adultRegistrant,
  countRegistrationRows,
  minorRegistrant,
  postRegistration,
} from '../../../test/registration-helpers';
import { describeWithDb } from '../../../test/test-db';
import { registrationRoutes } from './routes';
import { registrants, registrations } from './tables';

/** The route again under /linked, with a resolveUserId that reads the X-Test-User header. */
async function linkedRoute(app: FastifyInstance, context: AppContext): Promise<void> {
  const captcha = createCaptchaVerifier({ ...context, logger: app.log });
  await app.register(registrationRoutes, {
    prefix: '/linked',
    db: context.db,
    siteSource: fixedSiteSource(context.site),
    captcha,
    resolveUserId: async (request) => {
      const user = request.headers['x-test-user'];
      return typeof user === 'string' ? user : null;
    },
  });
}

describeWithDb('POST /api/public/registrations', () => {
  let t: TestApp;
  let kicks = 0;
  beforeAll(async () => {
    t = await buildTestApp({
      mail: {
        kick: () => {
          kicks += 1;
        },
      },
      extend: linkedRoute,
    });
    session = await createSession(t.testDb.db);
    sessionId = session.id;
  });
  let session: EventSession;
  let sessionId: number;
  afterAll(() => t?.close());

  const registrationByNumber = async (registrationNumber: string) => {
    const [row] = await t.testDb.db
      .select()
      .from(registrations)
      .where(eq(registrations.number, parseRegistrationNumber(registrationNumber) ?? -1));
    if (!row) throw new Error(`no registration ${registrationNumber}`);
    return row;
  };
  const registrantsOf = (registrationId: string) =>
    t.testDb.db
      .select()
      .from(registrants)
      .where(eq(registrants.registrationId, registrationId))
      .orderBy(asc(registrants.position));

  it('stores the registration and its registrants in order, and answers 201 with the number', async () => {
    const before = await countRegistrationRows(t.testDb.db);
    const kicksBefore = kicks;
    const body = {
      sessionId,
      registrants: [
        // An adult whose hidden parent fields were filled before the age was changed: dropped.
        adultRegistrant({ email: 'Asha.Rao@Example.org ', mothersName: 'left over' }),
        minorRegistrant({ phone: '512 555 0199', category: 'Fluent Reading' }),
        adultRegistrant({
          firstName: 'Meera',
          lastName: 'Iyer',
          email: 'meera@example.in',
          age: 18,
          category: 'Fluent Reading',
          country: 'IN',
          state: 'Karnataka',
          city: 'Bengaluru',
          zip: '560001',
        }),
      ],
    };
    const res = await postRegistration(t.app, { body, remoteAddress: '10.5.0.1' });
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    const answer = registrationResponseSchema.parse(res.json());
    const ticket = expect.stringMatching(/^[0-9a-f-]{36}$/);
    expect(answer).toEqual({
      registrationNumber: expect.stringMatching(/^BGM-\d{6}$/),
      registrants: 3,
      email: 'Asha.Rao@Example.org',
      confirmationEmailed: true,
      status: 'registered',
      session: {
        id: sessionId,
        centerName: 'Dallas Center, Texas',
        hall: 'Datta Auditorium',
        address: '4455 Legacy Dr, Frisco, TX 75034',
        startsAt: session.startsAt.toISOString(),
        timeZone: 'America/Chicago',
      },
      people: [
        { position: 1, firstName: 'Asha', lastName: 'Rao', ticketId: ticket },
        { position: 2, firstName: 'Anu', lastName: 'Rao', ticketId: ticket },
        { position: 3, firstName: 'Meera', lastName: 'Iyer', ticketId: ticket },
      ],
      waitingPosition: null,
    });
    expect(new Set(answer.people.map((p) => p.ticketId)).size).toBe(3);

    const registration = await registrationByNumber(answer.registrationNumber);
    expect(registration).toMatchObject({ email: 'Asha.Rao@Example.org', clientIp: '10.5.0.1', userId: null });
    const people = await registrantsOf(registration.id);
    expect(people.map((p) => [p.position, p.firstName, p.lastName, p.age])).toEqual([
      [1, 'Asha', 'Rao', 42],
      [2, 'Anu', 'Rao', 9],
      [3, 'Meera', 'Iyer', 18],
    ]);
    expect(people[0]).toMatchObject({
      email: 'Asha.Rao@Example.org',
      gender: 'Female',
      phone: '512 555 0100',
      category: 'Memorization',
      mothersName: null,
      mothersPhone: null,
      fathersName: null,
      fathersPhone: null,
      country: 'US',
      state: 'TX',
      city: 'Frisco',
      zip: '75034',
    });
    // A minor's adult fields are not stored, whatever the body carried.
    expect(people[1]).toMatchObject({
      phone: null,
      category: null,
      mothersName: 'Asha Rao',
      mothersPhone: '512 555 0100',
      fathersName: 'Ravi Rao',
      fathersPhone: '512 555 0101',
    });
    expect(people[2]).toMatchObject({ category: 'Fluent Reading', country: 'IN', state: 'Karnataka' });

    const after = await countRegistrationRows(t.testDb.db);
    expect(after).toEqual({
      registrations: before.registrations + 1,
      registrants: before.registrants + 3,
      mail: before.mail + 1,
    });
    // The worker was told after the commit, so the confirmation leaves now.
    expect(kicks).toBe(kicksBefore + 1);
  });

  it('queues one confirmation to the first registrant, listing everyone registered', async () => {
    const body = {
      sessionId,
      registrants: [
        adultRegistrant({ email: 'ravi@example.org', firstName: 'Ravi', lastName: 'Kumar' }),
        minorRegistrant({ email: 'anu@example.org', firstName: 'Anu', lastName: 'Kumar' }),
      ],
    };
    const res = await postRegistration(t.app, { body });
    expect(res.statusCode).toBe(201);
    const { registrationNumber } = registrationResponseSchema.parse(res.json());
    const registration = await registrationByNumber(registrationNumber);
    const mails = await outboxMessages(t.testDb.db, t.site, registration.id);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail).toMatchObject({
      kind: 'registration-confirmation',
      toAddress: 'ravi@example.org',
      subject: `Bhagavad Gita Mahayagna registration ${registrationNumber}`,
      sentAt: null,
    });
    for (const part of [mail?.text, mail?.html]) {
      expect(part).toContain(registrationNumber);
      expect(part).toContain('Ravi Kumar');
      expect(part).toContain('Anu Kumar');
      expect(part).toContain('Frisco, Texas 75034, United States');
    }
    expect(mail?.text).toContain('parents: Mother: Asha Rao (512 555 0100); Father: Ravi Rao (512 555 0101)');
  });

  it('numbers registrations in the order they are stored', async () => {
    const first = await postRegistration(t.app, { body: { sessionId, registrants: [adultRegistrant()] } });
    const second = await postRegistration(t.app, { body: { sessionId, registrants: [adultRegistrant()] } });
    const number = (res: typeof first) =>
      parseRegistrationNumber(registrationResponseSchema.parse(res.json()).registrationNumber) ?? 0;
    expect(number(first)).toBeGreaterThan(0);
    expect(number(second)).toBeGreaterThan(number(first));
  });

  it('accepts twenty registrants', async () => {
    const body = {
      sessionId,
      registrants: Array.from({ length: 20 }, (_, i) => adultRegistrant({ firstName: `Person ${i + 1}` })),
    };
    const res = await postRegistration(t.app, { body });
    expect(res.statusCode).toBe(201);
    const registration = await registrationByNumber(registrationResponseSchema.parse(res.json()).registrationNumber);
    expect((await registrantsOf(registration.id)).map((p) => p.firstName)).toEqual(
      body.registrants.map((p) => p.firstName),
    );
  });

  describe('links a signed-in visitor (resolveUserId)', () => {
    it('stores the user id the resolver gives', async () => {
      const [user] = await t.testDb.db
        .insert(users)
        .values({ name: 'Asha Rao', email: `asha-${randomUUID()}@example.org` })
        .returning();
      if (!user) throw new Error('no user');
      const res = await t.app.inject({
        method: 'POST',
        url: '/linked/api/public/registrations',
        headers: { 'idempotency-key': randomUUID(), 'x-test-user': user.id },
        payload: { sessionId, registrants: [adultRegistrant()] },
      });
      expect(res.statusCode).toBe(201);
      const registration = await registrationByNumber(res.json().registrationNumber);
      expect(registration.userId).toBe(user.id);
    });

    it('registers without the link when the account no longer exists', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/linked/api/public/registrations',
        headers: { 'idempotency-key': randomUUID(), 'x-test-user': randomUUID() },
        payload: { sessionId, registrants: [adultRegistrant()] },
      });
      expect(res.statusCode).toBe(201);
      expect((await registrationByNumber(res.json().registrationNumber)).userId).toBeNull();
    });
  });

  describe('Idempotency-Key', () => {
    let body: { sessionId: number; registrants: ReturnType<typeof adultRegistrant>[] };
    beforeEach(() => {
      // An address of its own each time: the day's confirmations per address are not what is tested here.
      const email = `key-${randomUUID().slice(0, 8)}@example.org`;
      body = {
        sessionId,
        registrants: [
          adultRegistrant({ firstName: `Key ${randomUUID().slice(0, 8)}`, email }),
          minorRegistrant({ email }),
        ],
      };
    });

    it('answers the same attempt again with 200 and the first answer, storing nothing more', async () => {
      const key = randomUUID();
      const first = await postRegistration(t.app, { body, key });
      expect(first.statusCode).toBe(201);
      const before = await countRegistrationRows(t.testDb.db);
      const kicksBefore = kicks;
      // The same registrants, written differently: keys reordered, spaces around values.
      const [adult, minor] = body.registrants;
      const rewritten = {
        sessionId,
        registrants: [Object.fromEntries(Object.entries({ ...adult, city: ' Frisco ' }).reverse()), minor],
      };
      const again = await postRegistration(t.app, { body: rewritten, key });
      expect(again.statusCode).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());
      expect(await countRegistrationRows(t.testDb.db)).toEqual(before);
      expect(kicks).toBe(kicksBefore);
    });

    it('refuses the same key with other registrants: 422, nothing stored', async () => {
      const key = randomUUID();
      expect((await postRegistration(t.app, { body, key })).statusCode).toBe(201);
      const before = await countRegistrationRows(t.testDb.db);
      const other = { sessionId, registrants: [adultRegistrant({ firstName: 'Someone', lastName: 'Else' })] };
      const res = await postRegistration(t.app, { body: other, key });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        error: {
          code: 'idempotency_key_reused',
          message:
            'This registration attempt was already used for different registrants. Please reload the page and try again.',
        },
      });
      expect(await countRegistrationRows(t.testDb.db)).toEqual(before);
    });

    it('stores one registration for 20 simultaneous requests with one key (a double click, many times over)', async () => {
      const key = randomUUID();
      const before = await countRegistrationRows(t.testDb.db);
      const answers = await Promise.all(Array.from({ length: 20 }, () => postRegistration(t.app, { body, key })));
      expect(await countRegistrationRows(t.testDb.db)).toEqual({
        registrations: before.registrations + 1,
        registrants: before.registrants + 2,
        mail: before.mail + 1,
      });
      const statuses = answers.map((a) => a.statusCode).sort((a, b) => a - b);
      expect(statuses).toEqual([...Array<number>(19).fill(200), 201]);
      const [stored] = await t.testDb.db.select().from(registrations).where(eq(registrations.idempotencyKey, key));
      for (const answer of answers) {
        expect(answer.json()).toMatchObject({
          registrationNumber: formatRegistrationNumber(stored?.number ?? -1),
          registrants: 2,
          email: body.registrants[0]?.email,
          confirmationEmailed: true,
          status: 'registered',
        });
        expect(answer.json()).toEqual(answers[0]?.json());
        expect(answer.headers['idempotent-replayed']).toBe(answer.statusCode === 200 ? 'true' : undefined);
      }
    });
  });
});
