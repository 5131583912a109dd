/**
 * An offline gift is dated only in an open tax year (this year and last by default, OPEN_TAX_YEARS
 * for more), never after today, both in the foundation's zone: any other day is a 400 naming
 * `receivedOn`, with nothing written and no receipt number taken.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { type SignedInStaff, signInStaff, staffCall } from '../../../test/staff-helpers';
import { describeWithDb } from '../../../test/test-db';

/** config/site.json's foundation zone, where receipts are dated. */
const ZONE = 'America/Chicago';
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date());
const thisYear = () => Number(today().slice(0, 4));
const tomorrow = () => new Date(Date.parse(`${today()}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

type Counts = { orders: number; counters: number; numbers: number; mail: number; audit: number };

describeWithDb('offline gift dates', () => {
  let t: TestApp;
  let treasurer: SignedInStaff;
  beforeAll(async () => {
    t = await buildTestApp();
    treasurer = await signInStaff(t, 'treasurer');
  });
  afterAll(() => t?.close());

  const gift = (receivedOn: string) => ({
    firstName: 'Ravi',
    lastName: 'Kumar',
    email: 'ravi@example.org',
    centerId: 2,
    amountCents: 5_000,
    method: 'cash',
    receivedOn,
  });
  const record = (app: TestApp, receivedOn: string, who: SignedInStaff = treasurer) =>
    staffCall(app.app, who, 'POST', '/api/staff/offline-gifts', gift(receivedOn), { 'idempotency-key': randomUUID() });
  const counts = async (app: TestApp): Promise<Counts> => {
    const result = await app.testDb.db.execute<Counts>(sql`
      select (select count(*) from orders)::int as orders,
             (select count(*) from receipt_counters)::int as counters,
             (select coalesce(sum(last), 0) from receipt_counters)::int as numbers,
             (select count(*) from mail_outbox)::int as mail,
             (select count(*) from audit_log)::int as audit`);
    const row = result.rows[0];
    if (!row) throw new Error('no counts');
    return { ...row };
  };

  const closed = () => `must be on or after January 1, ${thisYear() - 1}: earlier tax years are closed`;
  it.each([
    ['the first day there is', '0001-01-01', closed],
    ['two years ago', `${thisYear() - 2}-12-31`, closed],
    ['tomorrow', tomorrow(), () => 'cannot be in the future'],
  ])('refuses a gift dated %s (%s) by its field, writing nothing', async (_what, day, message) => {
    const before = await counts(t);
    const res = await record(t, day);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'validation_error',
      message: `The date received ${message()}.`,
      fields: { receivedOn: message() },
    });
    expect(await counts(t)).toEqual(before);
  });

  it("records gifts dated this year and last, each numbered in its own year's series", async () => {
    const lastYear = await record(t, `${thisYear() - 1}-01-01`);
    expect(lastYear.statusCode).toBe(201);
    expect(lastYear.json().receiptNumber).toMatch(new RegExp(`^${thisYear() - 1}-\\d{6}$`));
    const now = await record(t, today());
    expect(now.statusCode).toBe(201);
    expect(now.json().receiptNumber).toMatch(new RegExp(`^${thisYear()}-\\d{6}$`));
  });

  it('tells the form which days are open', async () => {
    const res = await staffCall(t.app, treasurer, 'GET', '/api/staff/offline-gifts/dates');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ earliest: `${thisYear() - 1}-01-01`, latest: today() });
    const editor = await signInStaff(t, 'editor');
    expect((await staffCall(t.app, editor, 'GET', '/api/staff/offline-gifts/dates')).statusCode).toBe(403);
  });

  describe('with OPEN_TAX_YEARS=3', () => {
    let wider: TestApp;
    let member: SignedInStaff;
    beforeAll(async () => {
      wider = await buildTestApp({ env: { OPEN_TAX_YEARS: '3' } });
      member = await signInStaff(wider, 'treasurer');
    });
    afterAll(() => wider?.close());

    it('takes a gift from two years ago, and still none from before', async () => {
      const twoYearsAgo = await record(wider, `${thisYear() - 2}-01-01`, member);
      expect(twoYearsAgo.statusCode).toBe(201);
      expect(twoYearsAgo.json().receiptNumber).toBe(`${thisYear() - 2}-000001`);
      const before = await counts(wider);
      const older = await record(wider, `${thisYear() - 3}-12-31`, member);
      expect(older.statusCode).toBe(400);
      expect(older.json().error.fields).toEqual({
        receivedOn: `must be on or after January 1, ${thisYear() - 2}: earlier tax years are closed`,
      });
      expect(await counts(wider)).toEqual(before);
    });
  });
});
