/**
 * A signed-in visitor's checkout and event registration are filed under their account, and
 * GET /auth/activity lists their own donations (with receipt numbers) and registrations: by
 * account, plus by e-mail once the e-mail is verified; never another visitor's.
 */
import { accountActivitySchema } from '@store/shared/auth';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { EventSession } from '#src/modules/event-sessions/tables';
import { orders, receiptNumberOf } from '#src/modules/ledger/index';
import { registrations } from '#src/modules/registrations/tables';
import { registerAccount, SITE_ORIGIN, sessionToken } from '../../../test/auth-helpers';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import {
  BOOK,
  checkoutBody,
  DECLINING_CARD,
  openAmount,
  postCheckout,
  sandboxNonce,
} from '../../../test/checkout-helpers';
import { createSession } from '../../../test/event-session-helpers';
import { adultRegistrant, minorRegistrant, postRegistration } from '../../../test/registration-helpers';
import { describeWithDb } from '../../../test/test-db';
import { users } from './tables';

const sameSite = { origin: SITE_ORIGIN };

async function checkout(app: FastifyInstance, email: string, session?: string, headers = sameSite, card = {}) {
  const body = checkoutBody(await sandboxNonce(app, card), [BOOK, openAmount(8, 25)], email);
  const cookie: Record<string, string> = session === undefined ? {} : { cookie: `store_session=${session}` };
  return postCheckout(app, { body, headers: { ...headers, ...cookie } });
}

async function activity(app: FastifyInstance, session: string | undefined) {
  return app.inject({
    method: 'GET',
    url: '/auth/activity',
    ...(session === undefined ? {} : { cookies: { store_session: session } }),
  });
}

describeWithDb('account activity, and checkout / registration filed under the account', () => {
  let t: TestApp;
  let ann: string;
  let annId: string;
  let bob: string;
  let session: EventSession;
  beforeAll(async () => {
    t = await buildTestApp();
    session = await createSession(t.testDb.db);
    const registered = await registerAccount(t.app, { name: 'Ann Lee', email: 'ann@example.org' });
    ann = sessionToken(registered);
    annId = registered.json().user.id;
    bob = sessionToken(await registerAccount(t.app, { name: 'Bob Roy', email: 'bob@example.org' }));
  });
  afterAll(() => t?.close());

  const userIdOf = async (orderId: string) =>
    (await t.testDb.db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId)))[0]?.userId;

  it("links a signed-in visitor's order to the account; a bad cookie or a foreign page is simply a guest", async () => {
    const linked = await checkout(t.app, 'ann.paying@example.org', ann);
    expect(linked.statusCode).toBe(200);
    expect(await userIdOf(linked.json().orderId)).toBe(annId);

    const junk = await checkout(t.app, 'ann@example.org', 'A'.repeat(43));
    expect(junk.statusCode).toBe(200);
    expect(await userIdOf(junk.json().orderId)).toBeNull();

    const foreign = await checkout(t.app, 'ann@example.org', ann, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(200);
    expect(await userIdOf(foreign.json().orderId)).toBeNull();
  });

  it("links a signed-in visitor's event registration to the account", async () => {
    const res = await postRegistration(t.app, {
      body: {
        sessionId: session.id,
        registrants: [adultRegistrant({ email: 'ann.family@example.org' }), minorRegistrant()],
      },
      headers: { ...sameSite, cookie: `store_session=${ann}` },
    });
    expect(res.statusCode).toBe(201);
    const number = res.json().registrationNumber;
    const [row] = await t.testDb.db
      .select({ userId: registrations.userId })
      .from(registrations)
      .where(eq(registrations.number, Number(number.replace(/\D/g, ''))));
    expect(row?.userId).toBe(annId);
  });

  it("lists the account's own succeeded donations with their receipt numbers, and its registrations", async () => {
    // Bob's, a guest's with Ann's (unverified) e-mail, and Ann's declined one must not show.
    expect((await checkout(t.app, 'bob@example.org', bob)).statusCode).toBe(200);
    expect((await checkout(t.app, 'ann@example.org')).statusCode).toBe(200);
    expect((await checkout(t.app, 'ann@example.org', ann, sameSite, { number: DECLINING_CARD })).statusCode).toBe(402);
    await postRegistration(t.app, {
      body: { sessionId: session.id, registrants: [adultRegistrant({ email: 'ann@example.org' })] },
    });

    const res = await activity(t.app, ann);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const list = accountActivitySchema.parse(res.json());
    const mine = await t.testDb.db.select().from(orders).where(eq(orders.userId, annId));
    const succeeded = mine.filter((o) => o.status === 'succeeded');
    expect(succeeded).toHaveLength(1);
    const [order] = succeeded;
    if (!order) throw new Error('no order');
    expect(list.donations).toEqual([
      {
        orderId: order.id,
        receiptNumber: receiptNumberOf(order, t.site.foundation.timeZone),
        date: order.createdAt.toISOString(),
        center: 'Dallas Center, Texas',
        amount: 35,
        currency: 'USD',
        products: 'Guruvara Dattam Vimalacharita Satakam × 2, Any Other Donation × 1',
        transactionId: order.transactionId,
        // Issue 20: the books are a purchase, the $25 gift is deductible; the receipt's PDF.
        deductible: 25,
        receiptPdf: `/api/account/receipts/${order.id}.pdf`,
        awaitingAddress: false,
      },
    ]);
    // Sandbox orders are test orders: no year-end statement for them.
    expect(list.statementYears).toEqual([]);
    expect(list.registrations).toEqual([
      {
        registrationNumber: expect.stringMatching(/^BGM-\d{6,}$/),
        date: expect.any(String),
        registrants: [
          { name: 'Asha Rao', age: 42, category: 'Memorization' },
          { name: 'Anu Rao', age: 9, category: null },
        ],
        // The family's page with a fresh signed link (registration-manage/with-family-links.ts).
        manageUrl: expect.stringMatching(/^\/registration\/yours\?token=/),
        session: {
          centerName: 'Dallas Center, Texas',
          hall: 'Datta Auditorium',
          startsAt: session.startsAt.toISOString(),
          timeZone: 'America/Chicago',
        },
        status: 'registered',
      },
    ]);
  });

  it('adds what was given with the e-mail while signed out, once the e-mail is verified', async () => {
    const registered = await registerAccount(t.app, { name: 'Cara Diaz', email: 'Cara@Example.org' });
    const cara = sessionToken(registered);
    expect((await checkout(t.app, 'cara@example.ORG')).statusCode).toBe(200);
    await postRegistration(t.app, {
      body: { sessionId: session.id, registrants: [adultRegistrant({ email: 'CARA@example.org' })] },
    });
    const before = accountActivitySchema.parse((await activity(t.app, cara)).json());
    expect(before).toEqual({ donations: [], registrations: [], statementYears: [] });

    // As Google sign-in does for an address Google vouches for.
    await t.testDb.db.update(users).set({ emailVerified: true }).where(eq(users.id, registered.json().user.id));
    const after = accountActivitySchema.parse((await activity(t.app, cara)).json());
    expect(after.donations).toHaveLength(1);
    expect(after.registrations).toHaveLength(1);
    expect(after.registrations[0]?.registrants).toEqual([{ name: 'Asha Rao', age: 42, category: 'Memorization' }]);
  });

  it('answers 401 without a session', async () => {
    expect((await activity(t.app, undefined)).statusCode).toBe(401);
    expect((await activity(t.app, 'B'.repeat(43))).statusCode).toBe(401);
  });
});
