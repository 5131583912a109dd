/**
 * Decision 0040, the day's exchange rates on both databases: a treasurer's rate listed and given to
 * the day's orders that had none (in the foundation's zone), kept by them when corrected, audited;
 * other roles refused; bad entries refused by field with nothing stored; the feed (a local fake on
 * loopback HTTP) inverted into home units and never over a treasurer's rate; a missing day
 * borrowing the week before's rate.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { addDays } from '@store/shared/monthly-giving';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '#src/modules/ledger/index';
import { auditLog } from '#src/modules/staff/tables';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { seedOrders } from '../../../test/seed-orders';
import { type SignedInStaff, signInStaff, staffCall } from '../../../test/staff-helpers';
import { describeWithDb } from '../../../test/test-db';
import { fetchFeedRates, startRateFeed, storeFeedRates } from './rate-feed';
import { homeRateFor } from './rate-for-day';
import { exchangeRates } from './tables';

const ZONE = 'America/Chicago';
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date());
const CAD_GIFT = { unitCents: 10_000, quantity: 1, id: 1, name: 'Gift', custom: true };

describeWithDb('exchange rates', () => {
  let t: TestApp;
  let treasurer: SignedInStaff;
  let volunteer: SignedInStaff;
  beforeAll(async () => {
    t = await buildTestApp();
    treasurer = await signInStaff(t, 'treasurer');
    volunteer = await signInStaff(t, 'volunteer');
  });
  afterAll(() => t?.close());

  const setRate = (day: string, currency: string, body: object, who: SignedInStaff = treasurer) =>
    staffCall(t.app, who, 'PUT', `/api/staff/exchange-rates/${day}/${currency}`, body);
  const listRates = (query = '', who: SignedInStaff = treasurer) =>
    staffCall(t.app, who, 'GET', `/api/staff/exchange-rates${query}`);
  const orderRates = async (ids: string[]) =>
    Object.fromEntries(
      (
        await t.testDb.db
          .select({ id: orders.id, homeRate: orders.homeRate, homeAmountCents: orders.homeAmountCents })
          .from(orders)
          .where(inArray(orders.id, ids))
      ).map((o) => [o.id, { homeRate: o.homeRate, homeAmountCents: o.homeAmountCents }]),
    );

  it("gives a treasurer's rate to the day's orders that had none, and they keep it when it is corrected", async () => {
    const day = '2025-06-10';
    const [noon, lateEvening, dayBefore, usd, counted] = await seedOrders(t.testDb.db, [
      // Noon and 10 p.m. in Chicago on the 10th (the second is already the 11th in UTC).
      { currency: 'CAD', products: [CAD_GIFT], createdAt: new Date('2025-06-10T17:00:00Z') },
      { currency: 'CAD', products: [CAD_GIFT], createdAt: new Date('2025-06-11T03:00:00Z') },
      // 11 p.m. on the 9th in Chicago, though the 10th in UTC: another day's order.
      { currency: 'CAD', products: [CAD_GIFT], createdAt: new Date('2025-06-10T04:00:00Z') },
      { currency: 'USD', products: [CAD_GIFT], createdAt: new Date('2025-06-10T17:00:00Z') },
      {
        currency: 'CAD',
        products: [CAD_GIFT],
        createdAt: new Date('2025-06-10T18:00:00Z'),
        homeRate: '0.7',
        homeAmountCents: 7_000,
      },
    ]);
    const ids = [noon, lateEvening, dayBefore, usd, counted].map((o) => o?.id ?? '');

    const set = await setRate(day, 'CAD', { rate: '0.7215' });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ day, currency: 'CAD', rate: '0.7215', source: 'staff', ordersFilled: 2 });

    const listed = await listRates(`?from=2025-06-01&to=2025-06-30`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toMatchObject({
      homeCurrency: 'USD',
      currencies: ['CAD', 'GBP'],
      from: '2025-06-01',
      to: '2025-06-30',
      rates: [{ day, currency: 'CAD', rate: '0.7215', source: 'staff', updatedAt: expect.any(String) }],
    });

    const filled = { homeRate: '0.7215000000', homeAmountCents: 7_215 };
    const none = { homeRate: null, homeAmountCents: null };
    const expected = {
      [ids[0] ?? '']: filled,
      [ids[1] ?? '']: filled,
      [ids[2] ?? '']: none,
      // A dollar order is at home (rate 1, as the checkout writes it): a CAD rate does not touch it.
      [ids[3] ?? '']: { homeRate: '1.0000000000', homeAmountCents: 10_000 },
      [ids[4] ?? '']: { homeRate: '0.7000000000', homeAmountCents: 7_000 },
    };
    expect(await orderRates(ids)).toEqual(expected);

    // The correction is the day's rate from now on; the orders already counted keep theirs.
    const corrected = await setRate(day, 'CAD', { rate: '0.73' });
    expect(corrected.json()).toMatchObject({ rate: '0.73', ordersFilled: 0 });
    expect(await orderRates(ids)).toEqual(expected);
    expect((await listRates('?from=2025-06-10&to=2025-06-10')).json().rates).toEqual([
      expect.objectContaining({ rate: '0.73', source: 'staff' }),
    ]);

    const audit = await t.testDb.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'exchange_rate.set'), eq(auditLog.targetId, `${day} CAD`)))
      .orderBy(auditLog.id);
    expect(audit.map((a) => [a.actorName, a.before, a.after])).toEqual([
      [treasurer.username, null, { rate: '0.7215', source: 'staff' }],
      [treasurer.username, { rate: '0.7215', source: 'staff' }, { rate: '0.73', source: 'staff' }],
    ]);
  });

  it('lists the last 31 days by default', async () => {
    const res = await listRates();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ from: addDays(today(), -30), to: today() });
  });

  it('refuses a volunteer', async () => {
    expect((await listRates('', volunteer)).statusCode).toBe(403);
    expect((await setRate('2025-06-12', 'CAD', { rate: '0.72' }, volunteer)).statusCode).toBe(403);
  });

  it('refuses a bad rate, day or currency by its field, and stores nothing', async () => {
    const cases: [string, string, object, string][] = [
      ['2025-06-13', 'CAD', { rate: 'abc' }, 'rate'],
      ['2025-06-13', 'CAD', { rate: '-0.5' }, 'rate'],
      ['2025-06-13', 'CAD', { rate: '0' }, 'rate'],
      ['2025-06-13', 'CAD', { rate: '0.12345678901' }, 'rate'],
      ['2025-06-13', 'CAD', {}, 'rate'],
      ['2025-02-30', 'CAD', { rate: '0.72' }, 'day'],
      ['13-06-2025', 'CAD', { rate: '0.72' }, 'day'],
      [addDays(today(), 2), 'CAD', { rate: '0.72' }, 'day'],
      ['2025-06-13', 'EUR', { rate: '0.72' }, 'currency'],
      ['2025-06-13', 'USD', { rate: '0.72' }, 'currency'],
    ];
    for (const [day, currency, body, field] of cases) {
      const res = await setRate(day, currency, body);
      expect(res.statusCode, `${day} ${currency} ${JSON.stringify(body)}`).toBe(400);
      expect(Object.keys(res.json().error.fields)).toEqual([field]);
    }
    const stored = await t.testDb.db
      .select()
      .from(exchangeRates)
      .where(inArray(exchangeRates.day, ['2025-06-13', '2025-02-30', '13-06-2025', addDays(today(), 2)]));
    expect(stored).toEqual([]);

    for (const [query, field] of [
      ['?from=2025-06-31', 'from'],
      ['?to=tomorrow', 'to'],
      ['?from=2025-06-10&to=2025-06-01', 'from'],
      ['?from=2024-01-01&to=2025-01-01', 'from'],
    ] as const) {
      const res = await listRates(query);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().error.fields)).toEqual([field]);
    }
    expect((await listRates('?from=2024-01-02&to=2025-01-01')).statusCode).toBe(200);
  });

  describe('the feed', () => {
    let feed: Server;
    let feedUrl: string;
    let answer: object = {};
    beforeAll(async () => {
      feed = createServer((_request, response) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(answer));
      });
      await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve));
      feedUrl = `http://127.0.0.1:${(feed.address() as AddressInfo).port}/latest`;
    });
    afterAll(() => new Promise<void>((resolve) => feed.close(() => resolve())));

    it("stores the feed's rates in home units, never over a treasurer's, and fills the day's orders", async () => {
      const day = '2025-07-01';
      expect((await setRate(day, 'GBP', { rate: '1.25' })).statusCode).toBe(200);
      const [cadOrder] = await seedOrders(t.testDb.db, [
        { currency: 'CAD', products: [CAD_GIFT], createdAt: new Date('2025-07-01T17:00:00Z') },
      ]);
      answer = { base: 'USD', date: day, rates: { CAD: 1.39, GBP: 0.79, EUR: 0.92 } };

      const rates = await fetchFeedRates(feedUrl, 'USD');
      expect(rates).toEqual({
        day,
        rates: [
          { currency: 'CAD', rate: '0.7194244604' },
          { currency: 'GBP', rate: '1.2658227848' },
        ],
      });
      const summary = await storeFeedRates(t.testDb.db, rates, ZONE);
      expect(summary).toEqual({ day, stored: ['CAD'], kept: ['GBP'], ordersFilled: 1 });

      const listed = (await listRates(`?from=${day}&to=${day}`)).json().rates;
      expect(listed).toEqual([
        expect.objectContaining({ currency: 'CAD', rate: '0.7194244604', source: 'feed' }),
        expect.objectContaining({ currency: 'GBP', rate: '1.25', source: 'staff' }),
      ]);
      expect(await orderRates([cadOrder?.id ?? ''])).toEqual({
        [cadOrder?.id ?? '']: { homeRate: '0.7194244604', homeAmountCents: 7_194 },
      });

      // The next hour's figures replace the feed's own rate, still not the treasurer's.
      answer = { base: 'USD', date: day, rates: { CAD: 1.4, GBP: 0.8 } };
      await storeFeedRates(t.testDb.db, await fetchFeedRates(feedUrl, 'USD'), ZONE);
      expect((await listRates(`?from=${day}&to=${day}`)).json().rates).toEqual([
        expect.objectContaining({ currency: 'CAD', rate: '0.7142857143', source: 'feed' }),
        expect.objectContaining({ currency: 'GBP', rate: '1.25', source: 'staff' }),
      ]);
    });

    it("derives home rates from a feed in another base through the home currency's rate", async () => {
      answer = { base: 'EUR', date: '2025-07-02', rates: { USD: 1.08, CAD: 1.5 } };
      expect(await fetchFeedRates(feedUrl, 'USD')).toEqual({
        day: '2025-07-02',
        rates: [{ currency: 'CAD', rate: '0.7200000000' }],
      });
      answer = { base: 'EUR', date: '2025-07-02', rates: { CAD: 1.5 } };
      await expect(fetchFeedRates(feedUrl, 'USD')).rejects.toThrow(/home currency USD/);
      answer = { base: 'USD', date: 'yesterday', rates: {} };
      await expect(fetchFeedRates(feedUrl, 'USD')).rejects.toThrow();
    });

    it('starts nothing without a feed URL', async () => {
      const stop = startRateFeed({
        db: t.testDb.db,
        logger: t.app.log,
        settings: { homeCurrency: 'USD' },
        timeZone: ZONE,
      });
      await stop();
    });
  });

  it("counts a day without a rate at the week before's latest, and at none older", async () => {
    await t.testDb.db.insert(exchangeRates).values([
      { day: '2025-08-01', currency: 'CAD', rate: '0.7', source: 'feed' },
      { day: '2025-08-04', currency: 'CAD', rate: '0.71', source: 'feed' },
    ]);
    const rateOn = (day: string, currency: 'CAD' | 'USD' | 'GBP' = 'CAD') =>
      homeRateFor(t.testDb.db, { currency, day, homeCurrency: 'USD' });
    expect(await rateOn('2025-08-04')).toBe('0.7100000000');
    expect(await rateOn('2025-08-03')).toBe('0.7000000000');
    expect(await rateOn('2025-08-11')).toBe('0.7100000000');
    expect(await rateOn('2025-08-12')).toBeNull();
    expect(await rateOn('2025-07-31')).toBeNull();
    expect(await rateOn('2025-08-04', 'GBP')).toBeNull();
    expect(await rateOn('2025-08-04', 'USD')).toBe('1');
  });
});
