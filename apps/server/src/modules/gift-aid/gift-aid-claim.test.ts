/**
 * The quarter's UK Gift Aid claim through the API on both databases: paid GBP orders with a
 * declaration, in the quarter at UK time, claimed on the gift part less refunds; a USD order, a
 * refunded one, another quarter's and a sandbox order left out; a name HMRC would refuse set apart,
 * never cut; the CSV in the schedule's layout; other roles and bad quarters refused.
 */
import { randomUUID } from 'node:crypto';
import type { GiftAidDeclaration } from '@store/shared/gift-aid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '#src/modules/ledger/index';
import { buildReportTestApp, type ReportTestApp } from '../../../test/report-helpers';
import { type SignedInStaff, signInStaff, staffCall } from '../../../test/staff-helpers';
import { describeWithDb } from '../../../test/test-db';
import { claimQuarter } from './claim-quarter';

const declaration = (overrides: Partial<GiftAidDeclaration> = {}): GiftAidDeclaration => ({
  firstName: 'Priya',
  lastName: 'Shah',
  house: '12',
  postcode: 'SW1A 1AA',
  declaredAt: '2026-10-05T09:00:00.000Z',
  wording: 'I want to Gift Aid my donation…',
  ...overrides,
});

type Fixture = {
  createdAt: string;
  amountCents: number;
  refundedCents?: number;
  deductibleCents?: number | null;
  currency?: string;
  giftAid?: GiftAidDeclaration | null;
  test?: boolean;
};

let seq = 0;

describeWithDb('the Gift Aid claim', () => {
  let t: ReportTestApp;
  let treasurer: SignedInStaff;
  let volunteer: SignedInStaff;

  async function insertOrder(fixture: Fixture): Promise<void> {
    seq += 1;
    const gbp = (fixture.currency ?? 'GBP') === 'GBP';
    await t.testDb.db.insert(orders).values({
      id: randomUUID(),
      idempotencyKey: randomUUID(),
      requestHash: 'fixture',
      status: 'succeeded',
      amountCents: fixture.amountCents,
      refundedCents: fixture.refundedCents ?? 0,
      deductibleCents: fixture.deductibleCents === undefined ? fixture.amountCents : fixture.deductibleCents,
      currency: fixture.currency ?? 'GBP',
      entityKey: gbp ? 'uk' : 'us',
      giftAid: fixture.giftAid === undefined ? declaration() : fixture.giftAid,
      centerId: 1,
      centerName: 'London Center',
      firstName: 'Card',
      lastName: 'Holder',
      email: `gift-aid-${seq}@example.org`,
      mobile: '07700900000',
      products: [{ id: 1, name: 'Gift', unitCents: fixture.amountCents, quantity: 1, custom: true }],
      itemCount: 1,
      gateway: 'sandbox',
      // The test app runs the sandbox, a test store: its claim is of its test gifts (routes.ts).
      test: fixture.test ?? true,
      receiptNumber: `GA-TEST-${seq}`,
      createdAt: new Date(fixture.createdAt),
    });
  }

  beforeAll(async () => {
    t = await buildReportTestApp();
    treasurer = await signInStaff(t, 'treasurer');
    volunteer = await signInStaff(t, 'volunteer');
    // 2026-Q4, in creation order: a whole gift; one with a ticket's value in it; one partly refunded.
    await insertOrder({ createdAt: '2026-10-01T08:00:00Z', amountCents: 5_000 });
    await insertOrder({
      createdAt: '2026-11-02T12:00:00Z',
      amountCents: 12_345,
      deductibleCents: 10_000,
      giftAid: declaration({
        firstName: 'Zoë',
        lastName: '=SUM(A1)',
        house: 'Flat 2, Rose House',
        postcode: 'EC1A 1BB',
      }),
    });
    await insertOrder({
      createdAt: '2026-12-31T23:30:00Z',
      amountCents: 200_000,
      refundedCents: 50_000,
      deductibleCents: null,
    });
    // A house name HMRC's upload would refuse: set apart, not cut.
    await insertOrder({
      createdAt: '2026-11-10T10:00:00Z',
      amountCents: 2_000,
      giftAid: declaration({ house: 'The Old Rectory at the Bottom of the Very Long Lane' }),
    });
    // Left out: a dollar gift without a declaration, one refunded in full, the quarter before
    // (23:30 UTC on 30 September is still September in London), and a live gateway's order, which a
    // test store's claim never mixes with its test gifts.
    await insertOrder({ createdAt: '2026-11-03T12:00:00Z', amountCents: 9_900, currency: 'USD', giftAid: null });
    await insertOrder({ createdAt: '2026-11-04T12:00:00Z', amountCents: 3_000, refundedCents: 3_000 });
    await insertOrder({ createdAt: '2026-09-30T22:30:00Z', amountCents: 7_000 });
    await insertOrder({ createdAt: '2026-11-05T12:00:00Z', amountCents: 4_000, test: false });
  });
  afterAll(() => t?.close());

  const claim = (quarter: string, who: SignedInStaff = treasurer, csv = false) =>
    staffCall(t.app, who, 'GET', `/api/staff/gift-aid/claim${csv ? '.csv' : ''}?quarter=${quarter}`);

  it('sums the quarter: donations, total and the 25% to claim, with the rows and what needs attention', async () => {
    const res = await claim('2026-Q4');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      quarter: '2026-Q4',
      test: true,
      donations: 3,
      totalPence: 165_000,
      claimablePence: 41_250,
    });
    expect(
      body.rows.map((row: { lastName: string; donationDate: string; amountPence: number }) => [
        row.lastName,
        row.donationDate,
        row.amountPence,
      ]),
    ).toEqual([
      ['Shah', '2026-10-01', 5_000],
      ['=SUM(A1)', '2026-11-02', 10_000],
      ['Shah', '2026-12-31', 150_000],
    ]);
    expect(body.attention).toEqual([
      expect.objectContaining({
        house: 'The Old Rectory at the Bottom of the Very Long Lane',
        amountPence: 2_000,
        problems: ['House name or number is 51 characters; HMRC takes at most 40'],
      }),
    ]);
  });

  it("writes HMRC's schedule: its columns, DD/MM/YY in London, pounds, quoted and formula-safe", async () => {
    const res = await claim('2026-Q4', treasurer, true);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="gift-aid-claim-2026-Q4.csv"');
    expect(res.body).toBe(
      '\uFEFFTitle,First name or initial,Last name,House name or number,Postcode,Aggregated donations,Sponsored event,Donation date,Amount\r\n' +
        ',Priya,Shah,12,SW1A 1AA,,,01/10/26,50.00\r\n' +
        `,Zoë,'=SUM(A1),"Flat 2, Rose House",EC1A 1BB,,,02/11/26,100.00\r\n` +
        ',Priya,Shah,12,SW1A 1AA,,,31/12/26,1500.00\r\n',
    );
  });

  it('has nothing for a quarter without declared gifts, and the quarter before holds its late-September gift', async () => {
    expect((await claim('2025-Q1')).json()).toMatchObject({ donations: 0, totalPence: 0, claimablePence: 0, rows: [] });
    expect((await claim('2026-Q3')).json()).toMatchObject({ donations: 1, totalPence: 7_000, claimablePence: 1_750 });
  });

  it('refuses a volunteer, and a quarter that is not one, naming it', async () => {
    expect((await claim('2026-Q4', volunteer)).statusCode).toBe(403);
    expect((await claim('2026-Q4', volunteer, true)).statusCode).toBe(403);
    const bad = await claim('2026-Q5');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('quarter');
    expect((await claim('2026-Q5', treasurer, true)).statusCode).toBe(400);
  });
});

describe('claim quarters', () => {
  it('bounds a quarter by UK midnights, in GMT or in summer time', () => {
    expect(claimQuarter('2026-Q1')).toEqual({
      quarter: '2026-Q1',
      start: new Date('2026-01-01T00:00:00Z'),
      end: new Date('2026-03-31T23:00:00Z'),
    });
    expect(claimQuarter('2026-Q4')).toEqual({
      quarter: '2026-Q4',
      start: new Date('2026-09-30T23:00:00Z'),
      end: new Date('2027-01-01T00:00:00Z'),
    });
  });
});
