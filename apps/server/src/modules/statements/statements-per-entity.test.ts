/**
 * Year-end statements per legal entity, through the API on both databases: a donor who gave in US
 * dollars at Dallas and in Canadian dollars at Toronto gets two statements, the US foundation's
 * with only the dollar gift and the Canadian charity's with only the CAD gift, its name and
 * registration number; a donor who gave only in London gets the UK charity's, in pounds. On the donor's dashboard, in the treasurer's preview and sample, and in the
 * yearly e-mails, each is its own item; the address a year's statement always had still serves.
 * PDFs are read back with a real PDF text extractor.
 */
import { calendarDay } from '@store/shared/calendar-day';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { users } from '#src/modules/auth/tables';
import { orders } from '#src/modules/ledger/index';
import { mailOutbox } from '#src/modules/mail/tables';
import { registerAccount, SITE_ORIGIN, sessionToken } from '../../../test/auth-helpers';
import { checkoutBodyAt, openAmount, postCheckout, sandboxNonce } from '../../../test/checkout-helpers';
import { outboxMessages } from '../../../test/outbox-helpers';
import { pdfText } from '../../../test/pdf-text';
import { buildReportTestApp, type ReportTestApp } from '../../../test/report-helpers';
import { signInStaff, staffCall } from '../../../test/staff-helpers';
import { describeWithDb } from '../../../test/test-db';
import { sendYearEndStatements } from './send-statements';
import { STATEMENT_KIND } from './statement-kind';

const TIME_ZONE = 'America/Chicago';
const YEAR = Number(calendarDay(new Date(), TIME_ZONE).slice(0, 4));
const DALLAS = { center: '2', currency: 'USD' } as const;
const TORONTO = { center: '7', currency: 'CAD' } as const;
const LONDON = { center: '8', currency: 'GBP' } as const;
const TORONTO_ADDRESS = { street: '12 Finch Ave', city: 'Toronto', state: 'ON', zip: 'M2N 1A1' };
const US_ISSUER = ['Sri Datta Vani Foundation, Inc.', 'EIN 12-3456789'];
const CA_ISSUER = ['Sri Datta Vani Foundation of Canada', 'Charity registration number 123456789RR0001'];

/** A receipt number on its own: `2026-000001` is not the tail of `CA-2026-000001`. */
const alone = (receiptNumber: string) => new RegExp(`(?<![\\w-])${receiptNumber}(?![\\w-])`);

describeWithDb('year-end statements, one per legal entity', () => {
  let t: ReportTestApp;
  let cookie: string;
  /** Priya's receipt numbers: her dollar gift at Dallas and her Canadian one at Toronto. */
  let usReceipt: string;
  let caReceipt: string;

  /** A sandbox order is a test order; these stand for real gifts, which statements list. */
  const asRealGifts = (ids: string[]) => t.testDb.db.update(orders).set({ test: false }).where(inArray(orders.id, ids));

  beforeAll(async () => {
    t = await buildReportTestApp();
    const registered = await registerAccount(t.app, { name: 'Priya Menon', email: 'priya@example.org' });
    cookie = `store_session=${sessionToken(registered)}`;
    const signedIn = { origin: SITE_ORIGIN, cookie };
    const priya = { email: 'priya@example.org', cardFirstName: 'Priya', cardLastName: 'Menon' };
    const dollars = await postCheckout(t.app, {
      body: checkoutBodyAt(await sandboxNonce(t.app), DALLAS, [openAmount(8, 40)], priya),
      headers: signedIn,
    });
    // Given signed out, under her address: her account owns it once the address is verified.
    const canadian = await postCheckout(t.app, {
      body: checkoutBodyAt(await sandboxNonce(t.app), TORONTO, [openAmount(8, 51)], { ...TORONTO_ADDRESS, ...priya }),
    });
    await t.testDb.db.update(users).set({ emailVerified: true }).where(eq(users.email, priya.email));
    // Someone who gave only in Canada: their one statement is the Canadian charity's.
    const onlyCanada = await postCheckout(t.app, {
      body: checkoutBodyAt(await sandboxNonce(t.app), TORONTO, [openAmount(8, 30)], {
        ...TORONTO_ADDRESS,
        email: 'marc@example.org',
        cardFirstName: 'Marc',
        cardLastName: 'Tremblay',
      }),
    });
    // And someone who gave only in the UK: the UK charity's statement, in pounds, with no deduction.
    const onlyUk = await postCheckout(t.app, {
      body: checkoutBodyAt(await sandboxNonce(t.app), LONDON, [openAmount(8, 25)], {
        email: 'oliver@example.org',
        cardFirstName: 'Oliver',
        cardLastName: 'Smith',
      }),
    });
    for (const res of [dollars, canadian, onlyCanada, onlyUk]) expect(res.statusCode, res.body).toBe(200);
    expect(canadian.json()).toMatchObject({ currency: 'CAD' });
    usReceipt = dollars.json().receiptNumber;
    caReceipt = canadian.json().receiptNumber;
    expect(caReceipt).toMatch(/^CA-/);
    await asRealGifts([dollars, canadian, onlyCanada, onlyUk].map((res) => res.json().orderId));
  });
  afterAll(() => t?.close());

  const expectUsStatement = (text: string) => {
    for (const expected of [...US_ISSUER, `Year-end giving statement ${YEAR}`, '$40.00'])
      expect(text).toContain(expected);
    expect(text).toMatch(alone(usReceipt));
    expect(text).toContain(`Total given in ${YEAR} $40.00`);
    // Nothing of the Canadian gift, nor its issuer.
    expect(text).not.toContain(caReceipt);
    expect(text).not.toContain('CA$');
    expect(text).not.toContain('$51.00');
    for (const absent of CA_ISSUER) expect(text).not.toContain(absent);
  };
  const expectCanadianStatement = (text: string) => {
    for (const expected of [...CA_ISSUER, `Year-end giving statement ${YEAR}`, 'CA$51.00', caReceipt]) {
      expect(text).toContain(expected);
    }
    expect(text).toContain(`Total given in ${YEAR} CA$51.00`);
    expect(text).toContain(`Total eligible amount in ${YEAR} CA$51.00`);
    expect(text).toContain('This is not an official receipt for income tax purposes.');
    // In the CRA's terms: an eligible amount, not a deduction.
    expect(text).toContain('Eligible amount');
    expect(text).not.toMatch(/deductible/i);
    // Nothing of the dollar gift, nor the US foundation.
    expect(text).not.toMatch(alone(usReceipt));
    expect(text).not.toContain('$40.00');
    for (const absent of US_ISSUER) expect(text).not.toContain(absent);
  };

  it("lists the donor's two statements of the year on their account and serves each, the year's old address the US one", async () => {
    const get = (url: string) => t.app.inject({ url, headers: { cookie } });
    const list = await get('/api/account/statements');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toEqual({
      statements: [
        {
          year: YEAR,
          from: { key: 'us', issuer: 'Sri Datta Vani Foundation, Inc.', currency: 'USD' },
          pdf: `/api/account/statements/${YEAR}.pdf`,
        },
        {
          year: YEAR,
          from: { key: 'ca', issuer: 'Sri Datta Vani Foundation of Canada', currency: 'CAD' },
          pdf: `/api/account/statements/${YEAR}.pdf?entity=ca`,
        },
      ],
    });

    const us = await get(`/api/account/statements/${YEAR}.pdf`);
    expect(us.statusCode).toBe(200);
    expect(us.headers['content-disposition']).toBe(`attachment; filename="giving-statement-${YEAR}.pdf"`);
    expectUsStatement(await pdfText(us.rawPayload));
    expect((await get(`/api/account/statements/${YEAR}.pdf?entity=us`)).rawPayload.length).toBeGreaterThan(0);
    // Downloaded from a dashboard in Telugu, the statement is in Telugu: its words in the script,
    // the issuer and the amounts as they are.
    const telugu = await t.app.inject({
      url: `/api/account/statements/${YEAR}.pdf`,
      headers: { cookie: `${cookie}; lang=te` },
    });
    expect(telugu.statusCode).toBe(200);
    const teluguText = await pdfText(telugu.rawPayload);
    expect(teluguText).toMatch(/[\u0C00-\u0C7F]{3}/);
    expect(teluguText).toContain('Sri Datta Vani Foundation, Inc.');
    expect(await pdfText(us.rawPayload)).not.toMatch(/[\u0C00-\u0C7F]/);

    const canadian = await get(`/api/account/statements/${YEAR}.pdf?entity=ca`);
    expect(canadian.statusCode).toBe(200);
    expect(canadian.headers['content-disposition']).toBe(`attachment; filename="giving-statement-${YEAR}-ca-cad.pdf"`);
    expectCanadianStatement(await pdfText(canadian.rawPayload));

    const none = await get(`/api/account/statements/${YEAR}.pdf?entity=uk`);
    expect(none.statusCode).toBe(404);
    expect(none.json().error.message).toBe(`You have no ${YEAR} statement from "uk".`);
    const bad = await get(`/api/account/statements/${YEAR}.pdf?entity=Canada!`);
    expect(bad.statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/account/statements' })).statusCode).toBe(401);

    // Marc gave signed out; an account under his address that has not proven it owns none of it.
    const marc = await registerAccount(t.app, { name: 'Marc Tremblay', email: 'marc@example.org' });
    const unproven = await t.app.inject({
      url: '/api/account/statements',
      headers: { cookie: `store_session=${sessionToken(marc)}` },
    });
    expect(unproven.statusCode).toBe(200);
    expect(unproven.json()).toEqual({ statements: [] });
  });

  it("previews each statement for the treasurer with its entity and currency, and samples each one's PDF", async () => {
    const treasurer = await signInStaff(t, 'treasurer');
    const preview = await staffCall(t.app, treasurer, 'POST', '/api/staff/statements', { year: YEAR, dryRun: true });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ year: YEAR, donors: 3, queued: 4, alreadyQueued: 0 });
    const canadianCharity = { key: 'ca', issuer: 'Sri Datta Vani Foundation of Canada', currency: 'CAD' };
    const priya = { email: 'priya@example.org', name: 'Priya Menon', gifts: 1, alreadyQueued: false };
    // By donor name, each donor's statements together, the US foundation's first.
    expect(preview.json().recipients).toEqual([
      {
        email: 'marc@example.org',
        name: 'Marc Tremblay',
        from: canadianCharity,
        gifts: 1,
        totalCents: 3_000,
        deductibleCents: 3_000,
        alreadyQueued: false,
      },
      {
        email: 'oliver@example.org',
        name: 'Oliver Smith',
        from: { key: 'uk', issuer: 'Sri Datta Vani Foundation UK', currency: 'GBP' },
        gifts: 1,
        totalCents: 2_500,
        deductibleCents: 2_500,
        alreadyQueued: false,
      },
      {
        ...priya,
        from: { key: 'us', issuer: 'Sri Datta Vani Foundation, Inc.', currency: 'USD' },
        totalCents: 4_000,
        deductibleCents: 4_000,
      },
      { ...priya, from: canadianCharity, totalCents: 5_100, deductibleCents: 5_100 },
    ]);

    const sample = async (query: string) =>
      staffCall(t.app, treasurer, 'GET', `/api/staff/statements/${YEAR}/sample.pdf?${query}`);
    expectCanadianStatement(await pdfText((await sample('email=priya@example.org&entity=ca')).rawPayload));
    expectUsStatement(await pdfText((await sample('email=priya@example.org')).rawPayload));
    // Without an entity, a donor who gave only in Canada gets their one statement: the Canadian charity's.
    const marc = await pdfText((await sample('email=marc@example.org')).rawPayload);
    expect(marc).toContain('Charity registration number 123456789RR0001');
    expect(marc).toContain('CA$30.00');
    expect((await sample('email=marc@example.org&entity=us')).statusCode).toBe(404);
    const oliver = await pdfText((await sample('email=oliver@example.org')).rawPayload);
    for (const expected of [
      'Sri Datta Vani Foundation UK',
      'Registered charity number 1234567',
      `Total given in ${YEAR} £25.00`,
      `Total of the gifts in ${YEAR} £25.00`,
      'In the UK a gift is not deducted from income',
    ]) {
      expect(oliver).toContain(expected);
    }
    expect(oliver).not.toMatch(/deductible/i);
  });

  it('e-mails each statement on its own, with its own subject and attachment, once however often the run goes', async () => {
    const first = await sendYearEndStatements({ db: t.testDb.db, year: YEAR, timeZone: TIME_ZONE });
    expect(first).toEqual({ year: YEAR, donors: 3, queued: 4, alreadyQueued: 0, dryRun: false });
    const again = await sendYearEndStatements({ db: t.testDb.db, year: YEAR, timeZone: TIME_ZONE });
    expect(again).toEqual({ year: YEAR, donors: 3, queued: 0, alreadyQueued: 4, dryRun: false });

    const queued = await t.testDb.db.select().from(mailOutbox).where(eq(mailOutbox.kind, STATEMENT_KIND));
    expect(queued).toHaveLength(4);
    const mails = (
      await Promise.all(queued.map((row) => outboxMessages(t.testDb.db, t.site, row.subjectId, STATEMENT_KIND)))
    ).flat();
    const toPriya = mails.filter((m) => m.toAddress === 'priya@example.org');
    expect(toPriya.map((m) => m.subject).sort()).toEqual([
      `Your ${YEAR} giving statement from Sri Datta Vani Foundation`,
      `Your ${YEAR} giving statement from Sri Datta Vani Foundation of Canada (CAD)`,
    ]);
    const us = toPriya.find((m) => m.subject?.endsWith('Foundation'));
    const canadian = toPriya.find((m) => m.subject?.endsWith('(CAD)'));
    expect(us?.attachments?.map((a) => a.fileName)).toEqual([`giving-statement-${YEAR}.pdf`]);
    expect(canadian?.attachments?.map((a) => a.fileName)).toEqual([`giving-statement-${YEAR}-ca-cad.pdf`]);
    expectUsStatement(await pdfText(us?.attachments?.[0]?.content ?? new Uint8Array()));
    expectCanadianStatement(await pdfText(canadian?.attachments?.[0]?.content ?? new Uint8Array()));
    expect(canadian?.text).toContain(`Total eligible amount in ${YEAR}: CA$51.00`);
    expect(canadian?.text).not.toContain('$40.00');
  });
});
