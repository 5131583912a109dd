/**
 * GET /api/report-data on the whole app: the admin guard, the donor rows, the filters (days in the
 * foundation's zone, America/Chicago in config/site.json), the sums and the 400s.
 */
import { randomUUID } from 'node:crypto';
import { WALLET_TEST_NONCES } from '@store/shared/payment-methods';
import type { ReportResponse } from '@store/shared/report';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basicAuthorization } from '#src/modules/admins/basic-credentials';
import { legacyReceiptNumber, orders } from '#src/modules/ledger/index';
import { checkoutBody, openAmount, postCheckout, sandboxNonce } from '../../../test/checkout-helpers';
import {
  buildReportTestApp,
  getAllPages,
  getReport,
  type ReportTestApp,
  requestReport,
} from '../../../test/report-helpers';
import { BOOK_PRODUCT, seedOrders } from '../../../test/seed-orders';
import { describeWithDb } from '../../../test/test-db';

const donation = (dollars: number) => ({
  id: 8,
  name: 'Any Other Donation',
  unitCents: dollars * 100,
  quantity: 1,
  custom: true,
});

// Chicago is UTC-6 in winter (CST) and UTC-5 from 2026-03-08 02:00 (CDT).
const fixtures = [
  {
    key: 'marchFirstMidnight',
    firstName: 'Asha',
    lastName: 'Rao',
    email: 'asha.rao@example.org',
    centerId: 1,
    products: [{ ...BOOK_PRODUCT, quantity: 2 }, donation(25)],
    transactionId: 'tx-asha',
    createdAt: new Date('2026-03-01T06:00:00.000Z'), // 2026-03-01 00:00 CST
  },
  {
    key: 'februaryLastMoment',
    firstName: 'Ravi',
    lastName: 'Reddy',
    email: 'ravi@example.org',
    centerId: 2,
    products: [donation(100)],
    transactionId: 'tx-ravi',
    createdAt: new Date('2026-03-01T05:59:59.999Z'), // 2026-02-28 23:59:59.999 CST
  },
  {
    key: 'dstDayLastMoment',
    firstName: 'Lakshmi',
    lastName: 'Iyer',
    email: 'PADMA.Nair@Example.org',
    centerId: 2,
    products: [BOOK_PRODUCT],
    transactionId: 'tx-special',
    createdAt: new Date('2026-03-09T04:59:59.000Z'), // 2026-03-08 23:59:59 CDT
  },
  {
    key: 'dayAfterDst',
    firstName: 'Krishna',
    lastName: '100% Murthy',
    email: 'krishna@example.org',
    centerId: 3,
    products: [donation(40)],
    transactionId: 'tx-krishna',
    createdAt: new Date('2026-03-09T05:00:00.000Z'), // 2026-03-09 00:00 CDT
  },
] as const;

describeWithDb('GET /api/report-data', () => {
  let t: ReportTestApp;
  const ids: Record<string, string> = {};
  const names = (report: ReportResponse) => report.donors.map((d) => d.name);

  beforeAll(async () => {
    t = await buildReportTestApp();
    const rows = await seedOrders(
      t.testDb.db,
      fixtures.map(({ key: _key, products, ...order }) => ({ ...order, products: [...products] })),
    );
    fixtures.forEach((fixture, index) => {
      ids[fixture.key] = rows[index]?.id ?? '';
    });
    // Never in the report: not paid.
    await seedOrders(t.testDb.db, [
      { firstName: 'Failed', lastName: 'Card', status: 'failed', createdAt: new Date('2026-03-02T12:00:00Z') },
      { firstName: 'Pending', lastName: 'Charge', status: 'pending', createdAt: new Date('2026-03-02T13:00:00Z') },
    ]);
  });
  afterAll(() => t?.close());

  describe('authentication', () => {
    it('answers 401 without credentials, with a challenge', async () => {
      const res = await t.app.inject({ url: '/api/report-data' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: { code: 'unauthorized', message: 'Invalid username or password.' } });
      expect(res.headers['www-authenticate']).toMatch(/^Basic /);
    });

    it('answers 401 with a wrong password, for the CSV too', async () => {
      const authorization = basicAuthorization({ username: 'treasurer', password: 'wrong password here' });
      for (const url of ['/api/report-data', '/api/report-data.csv']) {
        const res = await t.app.inject({ url, headers: { authorization } });
        expect(res.statusCode).toBe(401);
      }
    });
  });

  it('lists succeeded orders only, newest first, as donor rows', async () => {
    const res = await requestReport(t);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const report = res.json<ReportResponse>();
    expect(names(report)).toEqual(['Krishna 100% Murthy', 'Lakshmi Iyer', 'Asha Rao', 'Ravi Reddy']);
    expect(report.donors[2]).toEqual({
      orderId: ids.marchFirstMidnight,
      name: 'Asha Rao',
      email: 'asha.rao@example.org',
      center: 'Bay Area Center, California',
      amount: 35,
      transactionId: 'tx-asha',
      date: '2026-03-01T06:00:00.000Z',
      qty: 3,
      products: 'Guruvara Dattam Vimalacharita Satakam × 2, Any Other Donation × 1',
      delivery: '',
      test: false,
      // Issue 20: seeded without a number (settled before tax receipts): the R-YYYYMMDD-XXXXXX it
      // was sent with, in the foundation's day; no deductible recorded.
      receiptNumber: legacyReceiptNumber(
        { id: ids.marchFirstMidnight ?? '', createdAt: new Date('2026-03-01T06:00:00.000Z') },
        'America/Chicago',
      ),
      deductible: null,
      refunded: 0,
      currency: 'USD',
      homeAmount: 35,
      tribute: '',
      paymentMethod: '',
    });
    expect(report.donors[2]?.receiptNumber).toMatch(/^R-20260301-/);
    expect(report.donors[3]?.date).toBe('2026-03-01T05:59:59.999Z');
    expect(report.hosts).toEqual([]);
    expect(report.nextCursor).toBeNull();
    // The zone its days are counted in, so the page can show every date in the same one.
    expect(report.timeZone).toBe('America/Chicago');
  });

  describe('filters', () => {
    it('starts `from` at local midnight in the foundation zone', async () => {
      expect(names(await getReport(t, { from: '2026-03-01' }))).toEqual([
        'Krishna 100% Murthy',
        'Lakshmi Iyer',
        'Asha Rao',
      ]);
    });

    it('ends `to` at the next local midnight, across a DST change (a 23-hour day)', async () => {
      expect(names(await getReport(t, { to: '2026-02-28' }))).toEqual(['Ravi Reddy']);
      expect(names(await getReport(t, { from: '2026-03-08', to: '2026-03-08' }))).toEqual(['Lakshmi Iyer']);
      expect(names(await getReport(t, { from: '2026-03-09', to: '2026-03-09' }))).toEqual(['Krishna 100% Murthy']);
      expect(names(await getReport(t, { from: '2026-03-02', to: '2026-03-07' }))).toEqual([]);
    });

    it('filters by center id', async () => {
      expect(names(await getReport(t, { center: 2 }))).toEqual(['Lakshmi Iyer', 'Ravi Reddy']);
      expect(names(await getReport(t, { center: 7 }))).toEqual([]);
    });

    it.each([
      ['asha', ['Asha Rao']],
      ['RAO', ['Asha Rao']],
      ['sha r', ['Asha Rao']],
      ['padma.nair@example', ['Lakshmi Iyer']],
      ['EXAMPLE.ORG', ['Krishna 100% Murthy', 'Lakshmi Iyer', 'Asha Rao', 'Ravi Reddy']],
      ['tx-special', ['Lakshmi Iyer']],
      ['tx-spec', []],
      ['100%', ['Krishna 100% Murthy']],
      ['%', ['Krishna 100% Murthy']],
      ['_', []],
      ['Failed', []],
    ])(
      'searches q=%j (name or e-mail contains, any case; transaction id exact; wildcards literal)',
      async (q, expected) => {
        expect(names(await getReport(t, { q }))).toEqual(expected);
      },
    );

    it('combines filters', async () => {
      expect(names(await getReport(t, { center: 2, from: '2026-03-01', q: 'iyer' }))).toEqual(['Lakshmi Iyer']);
      expect(names(await getReport(t, { center: 2, q: 'asha' }))).toEqual([]);
    });

    // Each filter adds its own condition, so each combination is a query of its own, for the page,
    // its next page, the sums and the CSV: all sixteen, on both databases, agree with one another.
    it('answers every combination of days, center and search with the same orders on every page, in the sums and in the CSV', async () => {
      const values = { from: '2026-03-01', to: '2026-03-09', center: 2, q: 'iyer' };
      const keys = Object.keys(values) as (keyof typeof values)[];
      for (let mask = 0; mask < 2 ** keys.length; mask++) {
        const query = Object.fromEntries(keys.filter((_, i) => mask & (2 ** i)).map((key) => [key, values[key]]));
        const pages = await getAllPages(t, { ...query, limit: 1 });
        const listed = pages.flatMap((page) => page.donors.map((donor) => donor.orderId));
        expect(pages[0]?.totals.count, JSON.stringify(query)).toBe(listed.length);
        const csv = await requestReport(t, query, '/api/report-data.csv');
        expect(csv.statusCode, JSON.stringify(query)).toBe(200);
        expect(csv.body.split('\r\n').slice(1, -1), JSON.stringify(query)).toHaveLength(listed.length);
      }
    });

    it('treats a blank search as no search', async () => {
      expect((await getReport(t, { q: '   ' })).donors).toHaveLength(4);
    });
  });

  describe('sums for the whole filter', () => {
    it('totals, per day (foundation days, ascending) and per center (largest first)', async () => {
      const report = await getReport(t, { limit: 1 });
      expect(report.donors).toHaveLength(1);
      expect(report.totals).toMatchObject({ count: 4, amount: 35 + 100 + 5 + 40 });
      expect(report.perDay).toEqual([
        { day: '2026-02-28', count: 1, amount: 100 },
        { day: '2026-03-01', count: 1, amount: 35 },
        { day: '2026-03-08', count: 1, amount: 5 },
        { day: '2026-03-09', count: 1, amount: 40 },
      ]);
      expect(report.perCenter).toMatchObject([
        { center: 'Dallas Center, Texas', count: 2, amount: 105 },
        { center: 'Houston Center, Texas', count: 1, amount: 40 },
        { center: 'Bay Area Center, California', count: 1, amount: 35 },
      ]);
    });

    it('follows the date and center filters', async () => {
      const report = await getReport(t, { from: '2026-03-01', center: 2 });
      expect(report.totals).toMatchObject({ count: 1, amount: 5 });
      expect(report.perDay).toEqual([{ day: '2026-03-08', count: 1, amount: 5 }]);
      expect(report.perCenter).toMatchObject([{ center: 'Dallas Center, Texas', count: 1, amount: 5 }]);
    });

    it('follows a search (counted on the matching orders)', async () => {
      const report = await getReport(t, { q: 'r' });
      // Every name has an r: Murthy, Rao, Reddy, Iyer.
      expect(report.totals).toMatchObject({ count: 4, amount: 180 });
      const narrow = await getReport(t, { q: 'reddy' });
      expect(narrow.totals).toMatchObject({ count: 1, amount: 100 });
      expect(narrow.perDay).toEqual([{ day: '2026-02-28', count: 1, amount: 100 }]);
      expect(narrow.perCenter).toMatchObject([{ center: 'Dallas Center, Texas', count: 1, amount: 100 }]);
    });

    it('is zero, not missing, when nothing matches', async () => {
      const report = await getReport(t, { q: 'nobody at all' });
      expect(report).toMatchObject({ donors: [], totals: { count: 0, amount: 0 }, perDay: [], perCenter: [] });
    });
  });

  describe('bad queries', () => {
    it.each([
      [{ from: '2026-13-01' }, 'from'],
      [{ to: 'yesterday' }, 'to'],
      [{ from: '2026-03-02', to: '2026-03-01' }, 'from'],
      [{ center: 'dallas' }, 'center'],
      [{ center: 0 }, 'center'],
      [{ limit: 0 }, 'limit'],
      [{ limit: 201 }, 'limit'],
      [{ q: 'x'.repeat(201) }, 'q'],
      [{ cursor: 'not-a-cursor' }, 'cursor'],
      [{ cursor: 'x'.repeat(201) }, 'cursor'],
      [{ q: 'nul\u0000byte' }, 'q'],
      // Out of the database's range (issue 18: these were 500s): integer, and dates and cursors
      // in a year PostgreSQL has not (0000) or no report needs.
      [{ center: 99_999_999_999 }, 'center'],
      [{ center: 2_147_483_648 }, 'center'],
      [{ from: '0000-01-01' }, 'from'],
      [{ to: '0000-01-01' }, 'to'],
      [{ from: '1999-12-31' }, 'from'],
      [{ to: '2101-01-01' }, 'to'],
      [{ cursor: Buffer.from(`0000-01-01T00:00:00.000000Z|${randomUUID()}`).toString('base64url') }, 'cursor'],
    ])('answers 400 naming the field: %j', async (query, field) => {
      const res = await requestReport(t, query);
      expect(res.statusCode).toBe(400);
      const body = res.json<{ error: { code: string; fields: Record<string, string> } }>();
      expect(body.error.code).toBe('validation_error');
      expect(Object.keys(body.error.fields)).toEqual([field]);
    });

    it('checks the CSV query the same way, before any byte of the file', async () => {
      for (const [query, field] of [
        [{ from: 'soon' }, 'from'],
        [{ q: 'nul\u0000byte' }, 'q'],
        [{ from: '0000-01-01' }, 'from'],
        [{ center: 99_999_999_999 }, 'center'],
        [{ cursor: Buffer.from(`0000-01-01T00:00:00.000000Z|${randomUUID()}`).toString('base64url') }, 'cursor'],
      ] as const) {
        const res = await requestReport(t, query, '/api/report-data.csv');
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ error: { fields: { [field]: expect.any(String) } } });
      }
    });
  });
});

describeWithDb('a donation made through checkout', () => {
  let t: ReportTestApp;
  beforeAll(async () => {
    t = await buildReportTestApp();
  });
  afterAll(() => t?.close());

  it('shows up in the report and the CSV with its amount, products and delivery', async () => {
    const nonce = await sandboxNonce(t.app);
    const base = checkoutBody(nonce, [{ key: '9', id: 9, name: 'Book', price: 5, quantity: 2 }, openAmount(8, 25)]);
    // Neither an address nor pickup: the book is picked up at the center.
    const { pickup: _pickup, ...customerDetails } = base.customerDetails;
    const body = { ...base, customerDetails };
    const paid = await postCheckout(t.app, { body });
    expect(paid.statusCode).toBe(200);
    const { transactionId } = paid.json<{ transactionId: string }>();

    const report = await getReport(t);
    expect(report.donors).toEqual([
      {
        orderId: expect.any(String),
        name: 'Asha Rao',
        email: 'asha@example.org',
        center: 'Dallas Center, Texas',
        amount: 35,
        transactionId,
        date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
        qty: 3,
        products: 'Guruvara Dattam Vimalacharita Satakam × 2, Any Other Donation × 1',
        delivery: 'Pickup at Dallas Center, Texas',
        // Through the sandbox: a test order (issue 18), marked in the report and the CSV.
        test: true,
        receiptNumber: paid.json().receiptNumber,
        // The books are a purchase: only the $25 gift is deductible.
        deductible: 25,
        refunded: 0,
        currency: 'USD',
        homeAmount: 35,
        tribute: '',
        paymentMethod: 'Visa ending in 1111',
      },
    ]);
    expect(report.totals).toMatchObject({ count: 1, amount: 35 });

    const csv = await requestReport(t, {}, '/api/report-data.csv');
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.split('\r\n');
    expect(lines[1]).toMatch(
      new RegExp(
        `^Asha Rao,asha@example.org,"Dallas Center, Texas",35.00,${transactionId},[\\d-]+ [\\d:]+,3,"Guruvara Dattam Vimalacharita Satakam × 2, Any Other Donation × 1","Pickup at Dallas Center, Texas",yes,${paid.json().receiptNumber},25.00,0.00,One-time,USD,35.00,,Visa ending in 1111(,|$)`,
      ),
    );
  });

  it('says nothing of delivery for a gift with nothing to ship; names its wallet (PayPal), in the report and the CSV', async () => {
    // Paid with PayPal (Braintree's test nonce, as the sandbox widget sends it).
    const paid = await postCheckout(t.app, { body: checkoutBody(WALLET_TEST_NONCES.paypal, [openAmount(7, 12)]) });
    expect(paid.statusCode).toBe(200);
    const { transactionId, orderId } = paid.json<{ transactionId: string; orderId: string }>();
    expect(paid.json()).toMatchObject({ paymentMethod: 'PayPal' });
    const [order] = await t.testDb.db
      .select({ kind: orders.paymentKind, method: orders.paymentMethod })
      .from(orders)
      .where(eq(orders.id, orderId));
    expect(order).toEqual({ kind: 'paypal', method: 'PayPal' });

    const report = await getReport(t);
    const row = report.donors.find((r) => r.transactionId === transactionId);
    expect(row).toMatchObject({ delivery: '', paymentMethod: 'PayPal' });
    const csv = await requestReport(t, {}, '/api/report-data.csv');
    const line = csv.body.split('\r\n').find((l) => l.includes(transactionId));
    expect(line).toMatch(/,1,[^,]+ × 1,,yes,\d{4}-\d{6},12\.00,0\.00,One-time,USD,12\.00,,PayPal(,|$)/);
  });
});
