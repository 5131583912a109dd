/**
 * Employer matching through the API on both databases: a checkout flagged with an
 * employer answers the next steps' legal name and EIN, and its receipt e-mail says them; the
 * treasurer's list shows the gift awaiting; marking it matched records ONE offline gift linked to
 * it (not deductible, no receipt e-mail to the donor, audited), the row then reads matched; a
 * second mark, even at the same moment, is a 409 and still one; bad entries are refused by field,
 * other roles by 403, an unflagged gift by 404; the donor's statement lists the match under the
 * gift and keeps their deductible total, and their dashboard does not list it as their gift.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { users } from '#src/modules/auth/tables';
import { orders, RECEIPT_KIND } from '#src/modules/ledger/index';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { checkoutBody, openAmount, postCheckout, sandboxNonce } from '../../../test/checkout-helpers';
import { signedInDonor } from '../../../test/monthly-helpers';
import { outboxMessages } from '../../../test/outbox-helpers';
import { pdfText } from '../../../test/pdf-text';
import { paidOrder } from '../../../test/refund-helpers';
import { type SignedInStaff, signInStaff, staffCall } from '../../../test/staff-helpers';
import { describeWithDb } from '../../../test/test-db';

const ZONE = 'America/Chicago';
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date());

describeWithDb('employer matching', () => {
  let t: TestApp;
  let treasurer: SignedInStaff;
  beforeAll(async () => {
    t = await buildTestApp();
    treasurer = await signInStaff(t, 'treasurer');
  });
  afterAll(() => t?.close());

  /** A $100 gift whose donor's employer matches gifts. */
  async function flaggedGift(email: string, employer = 'Acme Corp') {
    const body = checkoutBody(await sandboxNonce(t.app), [openAmount(8, 100)], email);
    const res = await postCheckout(t.app, {
      body: { ...body, customerDetails: { ...body.customerDetails, employerMatches: true, employerName: employer } },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }
  const payment = (overrides: object = {}) => ({
    amountCents: 10_000,
    receivedOn: today(),
    method: 'cheque',
    reference: 'CH-4411',
    ...overrides,
  });
  const mark = (orderId: string, body: object, who: SignedInStaff | undefined) =>
    staffCall(t.app, who, 'POST', `/api/staff/matching/${orderId}/match`, body);
  const list = async (status?: string) =>
    (await staffCall(t.app, treasurer, 'GET', `/api/staff/matching${status ? `?status=${status}` : ''}`)).json();
  const matchesOf = async (orderId: string) =>
    t.testDb.db.select().from(orders).where(eq(orders.matchesOrderId, orderId));

  it('answers and e-mails the next steps, lists the gift, records the match once, and the statement shows both', async () => {
    // A donor with an account, verified: the dashboard lists what was given with the address.
    const donor = await signedInDonor(t.app);
    await t.testDb.db.update(users).set({ emailVerified: true }).where(eq(users.email, donor.email));
    const answer = await flaggedGift(donor.email);
    expect(answer.matching).toEqual({
      employer: 'Acme Corp',
      legalName: 'Sri Datta Vani Foundation, Inc.',
      ein: '12-3456789',
      taxIdKind: 'ein',
    });
    const [receipt] = await outboxMessages(t.testDb.db, t.site, answer.orderId, RECEIPT_KIND);
    expect(receipt?.text).toContain(
      'Ask Acme Corp to match your gift: fill in their matching gift form and attach this receipt.',
    );
    expect(receipt?.text).toContain('Legal name: Sri Datta Vani Foundation, Inc.');
    expect(receipt?.text).toContain('EIN (employer identification number): 12-3456789');
    expect(receipt?.html).toContain('12-3456789');

    const awaiting = (await list('awaiting')).gifts;
    expect(awaiting[0]).toMatchObject({
      orderId: answer.orderId,
      employer: 'Acme Corp',
      email: donor.email,
      amountCents: 10_000,
      currency: 'USD',
      receiptNumber: answer.receiptNumber,
      match: null,
    });

    const res = await mark(answer.orderId, payment(), treasurer);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      orderId: answer.orderId,
      match: { amountCents: 10_000, receivedOn: today(), method: 'cheque', reference: 'CH-4411' },
    });
    const [match] = await matchesOf(answer.orderId);
    expect(match).toMatchObject({
      source: 'offline',
      status: 'succeeded',
      amountCents: 10_000,
      deductibleCents: 0,
      email: donor.email,
      centerId: 2,
      currency: 'USD',
      paymentMethod: 'Cheque no. CH-4411',
    });
    expect(match?.products.map((p) => p.name)).toEqual(['Matched by Acme Corp']);
    // Each order's page in the back office names the other.
    const detail = async (id: string) => (await staffCall(t.app, treasurer, 'GET', `/api/staff/orders/${id}`)).json();
    expect(await detail(match?.id ?? '')).toMatchObject({ matchesOrderId: answer.orderId, deductibleCents: 0 });
    expect(await detail(answer.orderId)).toMatchObject({ matchingEmployer: 'Acme Corp', matchesOrderId: null });
    // The donor did not give it: no receipt goes to them for it.
    expect(await outboxMessages(t.testDb.db, t.site, match?.id ?? '')).toEqual([]);
    const audit = await t.testDb.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_log where action = 'matching.match' and target_id = ${answer.orderId}`,
    );
    expect(audit.rows[0]?.n).toBe(1);

    expect((await mark(answer.orderId, payment({ reference: 'CH-4412' }), treasurer)).statusCode).toBe(409);
    expect(await matchesOf(answer.orderId)).toHaveLength(1);
    expect((await list('matched')).gifts.map((g: { orderId: string }) => g.orderId)).toContain(answer.orderId);
    expect((await list('awaiting')).gifts.map((g: { orderId: string }) => g.orderId)).not.toContain(answer.orderId);

    // The statement lists the match under the gift, outside the donor's totals. The sandbox marks
    // its sales test orders, which statements leave out: this one stands for a real gift.
    await t.testDb.db.update(orders).set({ test: false }).where(eq(orders.id, answer.orderId));
    const year = today().slice(0, 4);
    const statement = await staffCall(
      t.app,
      treasurer,
      'GET',
      `/api/staff/statements/${year}/sample.pdf?email=${encodeURIComponent(donor.email)}`,
    );
    expect(statement.statusCode).toBe(200);
    const text = (await pdfText(statement.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain('Matched by Acme Corp, not deductible by you');
    expect(text).toContain(`Total given in ${year} $100.00`);
    expect(text).toContain(`Total deductible in ${year} $100.00`);
    // The dashboard's donations are the donor's own: the match is not one.
    const activity = await t.app.inject({ url: '/auth/activity', cookies: { store_session: donor.session } });
    expect(activity.json().donations.map((d: { orderId: string }) => d.orderId)).toEqual([answer.orderId]);
  });

  it('matches a gift once when two marks arrive together', async () => {
    const { orderId } = await flaggedGift('together@example.org', 'Globex');
    const [a, b] = await Promise.all([mark(orderId, payment(), treasurer), mark(orderId, payment(), treasurer)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect(await matchesOf(orderId)).toHaveLength(1);
  });

  it('refuses bad entries by field, other roles, and gifts not flagged, changing nothing', async () => {
    const { orderId } = await flaggedGift('refused@example.org', 'Initech');
    const cases: [object, string][] = [
      [payment({ amountCents: 0 }), 'amountCents'],
      [payment({ amountCents: 12.5 }), 'amountCents'],
      [payment({ receivedOn: '2026-02-30' }), 'receivedOn'],
      [payment({ receivedOn: '2999-01-01' }), 'receivedOn'],
      [payment({ receivedOn: '2020-01-01' }), 'receivedOn'],
      [payment({ method: 'cash' }), 'method'],
      [payment({ reference: '' }), 'reference'],
      [payment({ reference: 'a\u0000b' }), 'reference'],
    ];
    for (const [body, field] of cases) {
      const res = await mark(orderId, body, treasurer);
      expect(res.statusCode, field).toBe(400);
      expect(Object.keys(res.json().error.fields), field).toEqual([field]);
    }
    for (const role of ['editor', 'volunteer'] as const) {
      expect((await mark(orderId, payment(), await signInStaff(t, role))).statusCode).toBe(403);
    }
    expect((await mark(orderId, payment(), undefined)).statusCode).toBe(401);
    expect((await mark(randomUUID(), payment(), treasurer)).statusCode).toBe(404);
    const plain = await paidOrder(t.app, 'not-flagged@example.org');
    expect((await mark(plain.orderId, payment(), treasurer)).statusCode).toBe(404);
    expect(await matchesOf(orderId)).toHaveLength(0);
    expect(await matchesOf(plain.orderId)).toHaveLength(0);
  });
});
