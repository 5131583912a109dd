/**
 * Issue 21, offline gifts through the API on both databases: a cheque recorded by a treasurer is a
 * paid order with its receipt (number, e-mail naming the cheque), once per Idempotency-Key, in the
 * report; dated today at the foundation, and by its day alone, with no time, on its receipt, PDF
 * and CSV; given for a cause of the catalogue; a Canadian center's with the donor's address; bad
 * entries refused by field, in words; a mistaken one voided (void receipt, taken out of the totals),
 * never deleted; other roles refused.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#src/modules/auth/tables';
import { RECEIPT_CORRECTION_KIND, RECEIPT_KIND, receiptCorrections } from '#src/modules/ledger/index';
import { signedInDonor } from '../../../test/monthly-helpers';
import { outboxMessages } from '../../../test/outbox-helpers';
import { pdfText } from '../../../test/pdf-text';
import { paidOrder } from '../../../test/refund-helpers';
import { buildReportTestApp, getReport, type ReportTestApp, requestReport } from '../../../test/report-helpers';
import { type SignedInStaff, signInStaff, staffCall } from '../../../test/staff-helpers';
import { describeWithDb } from '../../../test/test-db';

const ZONE = 'America/Chicago';
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date());
const thisYear = () => Number(today().slice(0, 4));

describeWithDb('offline gifts', () => {
  let t: ReportTestApp;
  let treasurer: SignedInStaff;
  beforeAll(async () => {
    t = await buildReportTestApp();
    treasurer = await signInStaff(t, 'treasurer');
  });
  afterAll(() => t?.close());

  const cheque = (overrides: object = {}) => ({
    firstName: 'Ravi',
    lastName: 'Kumar',
    email: 'ravi@example.org',
    centerId: 2,
    amountCents: 25_000,
    description: 'Building fund',
    method: 'cheque',
    reference: '1042',
    receivedOn: today(),
    ...overrides,
  });
  const record = (body: object, key: string | null = randomUUID(), who: SignedInStaff = treasurer) =>
    staffCall(t.app, who, 'POST', '/api/staff/offline-gifts', body, key === null ? {} : { 'idempotency-key': key });

  it('records a cheque as a paid offline order with its receipt, once per key, in the report', async () => {
    const key = randomUUID();
    const res = await record(cheque(), key);
    expect(res.statusCode).toBe(201);
    const order = res.json();
    expect(order).toMatchObject({
      source: 'offline',
      status: 'succeeded',
      amountCents: 25_000,
      refundedCents: 0,
      centerName: 'Dallas Center, Texas',
      offlineMethod: 'cheque',
      offlineReference: '1042',
      receivedOn: today(),
      paymentMethod: 'Cheque no. 1042',
      deductibleCents: 25_000,
      test: false,
      products: [{ name: 'Building fund', unitCents: 25_000, quantity: 1 }],
    });
    expect(order.receiptNumber).toMatch(new RegExp(`^${thisYear()}-\\d{6}$`));

    const again = await record(cheque(), key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(order.id);
    expect((await record(cheque({ amountCents: 1 }), key)).statusCode).toBe(422);

    const [mail] = await outboxMessages(t.testDb.db, t.site, order.id, RECEIPT_KIND);
    expect(mail?.toAddress).toBe('ravi@example.org');
    expect(mail?.text).toContain('Cheque no. 1042');
    expect(mail?.text).toContain(order.receiptNumber);
    expect(mail?.text).not.toContain('Transaction ID');

    const report = await getReport(t, { q: 'ravi@example.org' });
    expect(report.donors).toEqual([expect.objectContaining({ email: 'ravi@example.org', amount: 250 })]);
  });

  it("numbers a gift received last year in last year's series", async () => {
    const res = await record(cheque({ receivedOn: `${thisYear() - 1}-12-30`, reference: '1043' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().receiptNumber).toBe(`${thisYear() - 1}-000001`);
    expect(res.json().createdAt.slice(0, 10)).toBe(`${thisYear() - 1}-12-30`);
  });

  it('dates a cheque received on December 31 by its day alone, in that tax year: receipt e-mail, PDF and CSV', async () => {
    const year = thisYear() - 1;
    const day = `${year}-12-31`;
    const res = await record(cheque({ receivedOn: day, reference: '1044', email: 'new-years-eve@example.org' }));
    expect(res.statusCode).toBe(201);
    const order = res.json();
    expect(order.receiptNumber).toMatch(new RegExp(`^${year}-\\d{6}$`));
    // Stored at noon in Chicago, which is no time anyone gave it: no e-mail, PDF or cell says 12:00.
    const [mail] = await outboxMessages(t.testDb.db, t.site, order.id, RECEIPT_KIND);
    expect(mail?.text).toContain(`Date of gift: December 31, ${year}\n`);
    expect(mail?.html).toContain(`December 31, ${year}<`);
    const pdf = await pdfText(mail?.attachments?.[0]?.content ?? new Uint8Array());
    expect(pdf).toContain(`December 31, ${year}`);
    for (const body of [mail?.text, mail?.html, pdf]) expect(body).not.toMatch(/12:00|PM|CST/);
    // The CSV's Date cell is the day alone, on PostgreSQL's COPY and PGlite's keyset path alike.
    const csv = await requestReport(t, { q: 'new-years-eve@example.org' }, '/api/report-data.csv');
    const [, line] = csv.body.split('\r\n');
    expect(line).toContain(`,"Dallas Center, Texas",250.00,,${day},1,`);
  });

  it('a gift that has only a date carries that day, never a time, in every list that shows it', async () => {
    // A donor account owning the cheque by its (verified) address: the dashboard's Your Donations.
    const donor = await signedInDonor(t.app);
    await t.testDb.db.update(users).set({ emailVerified: true }).where(eq(users.email, donor.email));
    const day = `${thisYear() - 1}-12-31`;
    const order = (await record(cheque({ receivedOn: day, reference: '1045', email: donor.email }))).json();
    const get = async (url: string) => (await staffCall(t.app, treasurer, 'GET', url)).json();

    const listed = (await get(`/api/staff/orders?q=${encodeURIComponent(donor.email)}`)).orders;
    expect(listed).toEqual([expect.objectContaining({ id: order.id, receivedOn: day })]);
    const donors = (await get(`/api/staff/donors?q=${encodeURIComponent(donor.email)}`)).donors;
    expect(donors).toEqual([expect.objectContaining({ email: donor.email, lastGiftAt: day })]);
    const detail = await get(`/api/staff/donors/${encodeURIComponent(donor.email)}`);
    expect(detail.lastGiftAt).toBe(day);
    expect(detail.gifts).toEqual([expect.objectContaining({ id: order.id, receivedOn: day })]);
    const report = await getReport(t, { q: donor.email });
    expect(report.donors).toEqual([expect.objectContaining({ orderId: order.id, date: day })]);
    const activity = await t.app.inject({ url: '/auth/activity', cookies: { store_session: donor.session } });
    expect(activity.json().donations).toEqual([expect.objectContaining({ orderId: order.id, date: day })]);

    // A card gift keeps its instant, and says it is no offline gift.
    const card = await paidOrder(t.app, 'card-day@example.org');
    const cardRows = (await get('/api/staff/orders?q=card-day%40example.org')).orders;
    expect(cardRows).toHaveLength(1);
    expect(cardRows[0]).toMatchObject({
      id: card.orderId,
      receivedOn: null,
      createdAt: expect.stringMatching(/T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
  });

  it('refuses bad entries by field, and records nothing', async () => {
    const cases: [object, string][] = [
      [cheque({ reference: undefined }), 'reference'],
      [cheque({ method: 'bank_transfer', reference: '' }), 'reference'],
      [cheque({ receivedOn: '2999-01-01' }), 'receivedOn'],
      [cheque({ receivedOn: '2026-02-30' }), 'receivedOn'],
      [cheque({ centerId: 99 }), 'centerId'],
      [cheque({ amountCents: 0 }), 'amountCents'],
      [cheque({ amountCents: 12.5 }), 'amountCents'],
      [cheque({ email: 'not an e-mail' }), 'email'],
      [cheque({ method: 'crypto' }), 'method'],
    ];
    for (const [body, field] of cases) {
      const res = await record(body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().error.fields, field).toHaveProperty(field);
    }
    const noKey = await record(cheque(), null);
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().error.message).toMatch(/Idempotency-Key/i);
    // Cash needs no reference.
    expect((await record(cheque({ method: 'cash', reference: undefined }))).json().paymentMethod).toBe('Cash');
  });

  it("accepts a gift dated today at the foundation, the form's default, and refuses the next day in words", async () => {
    const dates = await staffCall(t.app, treasurer, 'GET', '/api/staff/offline-gifts/dates');
    const { latest } = dates.json() as { latest: string };
    expect(latest).toBe(today());
    const accepted = await record(cheque({ receivedOn: latest, reference: '1050' }));
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json().receivedOn).toBe(latest);

    const nextDay = new Date(Date.parse(`${latest}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const refused = await record(cheque({ receivedOn: nextDay, reference: '1051' }));
    expect(refused.statusCode).toBe(400);
    // The field is named for the form; the message is said to a person, without the request's names.
    expect(refused.json().error).toEqual({
      code: 'validation_error',
      message: 'The date received cannot be in the future.',
      fields: { receivedOn: 'cannot be in the future' },
    });
  });

  it('records the cause a gift was given for as its line, as an online gift to it, with the note beside it', async () => {
    const res = await record(
      cheque({ causeId: 8, description: 'For the new roof', reference: '1060', email: 'cause@example.org' }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().products).toEqual([
      { name: 'Any Other Donation', unitCents: 25_000, quantity: 1, note: 'For the new roof' },
    ]);
    const report = await getReport(t, { q: 'cause@example.org' });
    expect(report.donors).toEqual([expect.objectContaining({ products: 'Any Other Donation × 1' })]);

    // Only an open-amount item of the catalogue is a cause: the book (9) and an unknown id are not.
    const before = (await getReport(t)).totals.amount;
    for (const causeId of [9, 999, 0, 'Any Other Donation']) {
      const refused = await record(cheque({ causeId, reference: '1061' }));
      expect(refused.statusCode, String(causeId)).toBe(400);
      expect(refused.json().error.fields, String(causeId)).toHaveProperty('causeId');
    }
    expect((await record(cheque({ causeId: 9, reference: '1062' }))).json().error.message).toBe(
      'Choose one of the causes.',
    );
    expect((await getReport(t)).totals.amount).toBe(before);
  });

  describe("a Canadian center's gift", () => {
    const toronto = (overrides: object = {}) =>
      cheque({ centerId: 7, email: 'maple@example.org', reference: '3001', ...overrides });
    const address = { street: '100 Queen St W', city: 'Toronto', province: 'Ontario', postalCode: 'm5h2n2' };

    it("is refused without the donor's address its CRA receipt must show, naming each part", async () => {
      const before = (await getReport(t)).totals.amount;
      const missing = await record(toronto());
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error.message).toBe("A receipt of Toronto Center, Canada needs the donor's address.");
      expect(Object.keys(missing.json().error.fields).sort()).toEqual([
        'donorAddress.city',
        'donorAddress.postalCode',
        'donorAddress.province',
        'donorAddress.street',
      ]);
      // Part of one is refused by the checkout's own rule, part by part.
      const partial = await record(toronto({ donorAddress: { ...address, postalCode: '12345' } }));
      expect(partial.statusCode).toBe(400);
      expect(Object.keys(partial.json().error.fields)).toEqual(['donorAddress.postalCode']);
      const nul = await record(toronto({ donorAddress: { ...address, street: '100 Queen\u0000 St W' } }));
      expect(nul.statusCode).toBe(400);
      expect(Object.keys(nul.json().error.fields)).toEqual(['donorAddress.street']);
      expect((await getReport(t)).totals.amount).toBe(before);
    });

    it('is recorded with the address, normalized, and its official receipt prints it', async () => {
      const res = await record(toronto({ donorAddress: address }));
      expect(res.statusCode).toBe(201);
      const [mail] = await outboxMessages(t.testDb.db, t.site, res.json().id, RECEIPT_KIND);
      expect(mail?.text).toContain('100 Queen St W, Toronto, ON M5H 2N2');
      expect(mail?.text).not.toContain('address was not given');
    });
  });

  it('lets only treasurers and owners record or void', async () => {
    for (const role of ['editor', 'volunteer'] as const) {
      expect((await record(cheque(), randomUUID(), await signInStaff(t, role))).statusCode).toBe(403);
    }
    expect(
      (
        await staffCall(t.app, undefined, 'POST', '/api/staff/offline-gifts', cheque(), {
          'idempotency-key': randomUUID(),
        })
      ).statusCode,
    ).toBe(401);
  });

  describe('a mistaken entry', () => {
    it('is voided, not deleted: a void receipt, out of the totals, once', async () => {
      const order = (
        await record(cheque({ amountCents: 7_700, reference: '2001', email: 'mistake@example.org' }))
      ).json();
      const before = await getReport(t);
      const voidIt = (body: object, id = order.id) =>
        staffCall(t.app, treasurer, 'POST', `/api/staff/orders/${id}/void`, body);
      expect((await voidIt({ reason: '' })).json().error.fields).toHaveProperty('reason');
      const voided = await voidIt({ reason: 'Entered twice' });
      expect(voided.statusCode).toBe(200);
      expect(voided.json()).toMatchObject({ status: 'succeeded', refundedCents: 7_700 });
      expect(voided.json().correctedReceiptNumber).toBe(`${order.receiptNumber}-V1`);
      const after = await getReport(t);
      expect(after.totals.amount).toBeCloseTo(before.totals.amount - 77, 2);
      const corrections = await t.testDb.db
        .select()
        .from(receiptCorrections)
        .where(eq(receiptCorrections.orderId, order.id));
      expect(corrections).toEqual([expect.objectContaining({ kind: 'void', amountCents: 0 })]);
      const [voidMail] = await outboxMessages(t.testDb.db, t.site, corrections[0]?.id ?? '', RECEIPT_CORRECTION_KIND);
      expect(voidMail?.toAddress).toBe('mistake@example.org');
      expect(voidMail?.text).toContain(`${order.receiptNumber}-V1 is void`);
      // The reason stays in the back office, not on the donor's notice.
      expect(voidMail?.text).not.toContain('Entered twice');
      expect((await voidIt({ reason: 'Again' })).statusCode).toBe(409);
      const card = await paidOrder(t.app);
      expect((await voidIt({ reason: 'Not offline' }, card.orderId)).statusCode).toBe(409);
      expect((await voidIt({ reason: 'Nothing' }, randomUUID())).statusCode).toBe(404);

      const owner = await signInStaff(t, 'owner');
      const audit = (await staffCall(t.app, owner, 'GET', '/api/staff/audit')).json().entries as {
        action: string;
        targetId: string;
      }[];
      expect(audit.filter((e) => e.targetId === order.id).map((e) => e.action)).toEqual([
        'offline-gift.void',
        'offline-gift.create',
      ]);
    });
  });
});
