/**
 * The receipt as the donor and a tax authority read it (issue 20): IRS Publication 1771's content
 * for a US center, a CRA official receipt for a Canadian one, the deductible part of gifts, book
 * purchases and concert tiers, corrected and void receipts, test orders, and the e-mail's safety
 * (escaping, one-line headers). Pure: the document and both e-mail bodies from an order row.
 */
import type { Site } from '@store/shared/site';
import { describe, expect, it } from 'vitest';
import type { OrderProduct } from '#src/modules/ledger/index';
import { legacyReceiptNumber, receiptNumberOf } from '#src/modules/ledger/index';
import { BOOK_LINE, giftLine, PATRON_LINE, paidOrderRow } from '../../../test/tax-lines';
import { renderReceipt } from './receipt';
import type { ReceiptCorrection } from './receipt-document';

const taxReceipts: Site['taxReceipts'] = {
  numberPrefix: '',
  us: { legalName: 'Sri Datta Vani Foundation, Inc.', address: '4455 Legacy Dr, Frisco, TX 75034', ein: '12-3456789' },
  canada: {
    legalName: 'Sri Datta Vani Foundation of Canada',
    address: '3085 Kennedy Rd, Scarborough, ON M1V 1S8',
    registrationNumber: '123456789RR0001',
    placeOfIssue: 'Scarborough, Ontario',
    signatoryName: 'Lakshmi Rao',
    signatoryTitle: 'Treasurer',
    signatureImage: 'signature.png',
  },
};

const site: Pick<Site, 'foundation' | 'centers' | 'taxReceipts'> = {
  foundation: { name: 'Sri Datta Vani Foundation', url: 'https://www.dattavani.example.org/', timeZone: 'UTC' },
  centers: [
    { id: 1, name: 'Bay Area Center, California', address: '1201 Mission Blvd, Fremont, CA 94539', country: 'US' },
    { id: 7, name: 'Toronto Center, Canada', address: '3085 Kennedy Rd, Scarborough, ON M1V 1S8', country: 'CA' },
  ],
  taxReceipts,
};

const gift = giftLine(10_100);
const book = BOOK_LINE;
const order = paidOrderRow;

const canadian = (overrides: Parameters<typeof paidOrderRow>[0] = {}) =>
  order({
    centerId: 7,
    centerName: 'Toronto Center, Canada',
    firstName: 'శ్రీనివాస్',
    lastName: 'Reddy',
    donorAddress: { street: '12 Finch Ave', city: 'Toronto', province: 'ON', postalCode: 'M2N 1A1' },
    ...overrides,
  });

describe('receipt numbers', () => {
  it('are the number the settlement gave the order', () => {
    expect(receiptNumberOf(order(), 'UTC')).toBe('2026-000123');
  });

  it("keep the R-YYYYMMDD-XXXXXX an order settled before tax receipts was sent with, in the foundation's day", () => {
    const old = order({ receiptNumber: null, createdAt: new Date('2027-01-01T04:30:00Z') });
    expect(receiptNumberOf(old, 'UTC')).toBe('R-20270101-1A2B3C');
    expect(legacyReceiptNumber(old, 'America/Los_Angeles')).toBe('R-20261231-1A2B3C');
  });
});

describe('a US receipt (IRS Publication 1771)', () => {
  it('names the legal name, address and EIN, the date, the payment method, and the deductible part of a concert tier', () => {
    const { text, html, subject, document } = renderReceipt({ order: order(), site });
    expect(subject).toBe('Your receipt 2026-000123 from Sri Datta Vani Foundation');
    for (const body of [text, html]) {
      for (const expected of [
        'Sri Datta Vani Foundation, Inc.',
        '4455 Legacy Dr, Frisco, TX 75034',
        'EIN 12-3456789',
        '2026-000123',
        'November 21, 2026 at 3:04 PM UTC',
        'Visa ending in 1111',
        'Two reserved seats at the concert, estimated value $100.00',
        '$505.00',
        '$400.00',
      ]) {
        expect(body).toContain(expected);
      }
    }
    expect(text).toContain('Tax-deductible amount: $400.00');
    expect(text).toContain('Value of goods or services received: $105.00');
    expect(text).toContain(
      'In exchange for this payment you received goods or services (Two reserved seats at the concert) with an estimated fair market value of $100.00. The amount deductible for federal income tax purposes is limited to the amount paid minus that value: $400.00.',
    );
    // The book is a purchase, listed as one: not a gift, nothing deductible.
    expect(text).toContain('- Guruvara Dattam Vimalacharita Satakam: $5.00 (Purchase); deductible $0.00');
    expect(text).toContain(
      'Purchases (Guruvara Dattam Vimalacharita Satakam) are sales, not contributions, and are not tax-deductible.',
    );
    expect(text).not.toContain('No goods or services were provided');
    expect(document.lines.map((l) => l.kind)).toEqual(['Gift with benefit', 'Purchase']);
  });

  it('says no goods or services were provided for a pure gift, and that all of it is deductible', () => {
    const { text } = renderReceipt({
      order: order({ products: [gift], amountCents: 10_100, deductibleCents: 10_100 }),
      site,
    });
    expect(text).toContain('No goods or services were provided in exchange for this contribution.');
    expect(text).toContain('Tax-deductible amount: $101.00');
    expect(text).toContain('- Any Other Donation: $101.00 (Gift); deductible $101.00');
    expect(text).not.toContain('Purchases');
  });

  it('says it is not an official receipt when the foundation has not set out its tax details', () => {
    const { text } = renderReceipt({ order: order(), site: { ...site, taxReceipts: { numberPrefix: '' } } });
    expect(text).toContain('This is not an official receipt for tax purposes');
    expect(text).not.toContain('EIN 12-3456789');
  });

  it('shows the pickup center or the delivery address when the order has one', () => {
    const pickup = renderReceipt({ order: order({ delivery: { pickup: true } }), site });
    expect(pickup.text).toContain('Pickup at Bay Area Center, California, 1201 Mission Blvd, Fremont, CA 94539');
    expect(pickup.html).toContain('Pickup at Bay Area Center, California, 1201 Mission Blvd, Fremont, CA 94539');
  });

  it('says so when the transaction id is missing rather than printing "null"', () => {
    const { text } = renderReceipt({ order: order({ transactionId: null, paymentMethod: null }), site });
    expect(text).toContain('Transaction ID: not available');
    expect(text).toContain('Payment method: Card');
  });
});

describe('a monthly gift’s receipt, and each kind of line in the text', () => {
  const chicago = { ...site, foundation: { ...site.foundation, timeZone: 'America/Chicago' } };
  const monthlyGift: OrderProduct = { ...giftLine(5100), monthly: true };
  const dashboardLink = 'https://store.example.org/dashboard';
  // 11:06 PM on November 27 in Chicago, already the 28th in UTC: the gift's day is the foundation's.
  const lateEvening = new Date('2026-11-28T05:06:00Z');
  const firstMonth = (overrides: Parameters<typeof paidOrderRow>[0] = {}) =>
    order({ products: [monthlyGift], amountCents: 5100, deductibleCents: 5100, createdAt: lateEvening, ...overrides });

  it('names every line in the text as the HTML table does: a quantity, an open amount, a concert tier, a monthly gift', () => {
    const books = { ...book, quantity: 2 };
    const { text, html } = renderReceipt({
      order: firstMonth({ products: [books, gift, PATRON_LINE, monthlyGift], amountCents: 66_200 }),
      site: chicago,
    });
    expect(text).toContain('- Guruvara Dattam Vimalacharita Satakam × 2: $10.00 (Purchase); deductible $0.00');
    expect(text).toContain('- Any Other Donation: $101.00 (Gift); deductible $101.00');
    expect(text).toContain(
      '- Concert Patron: $500.00 (Gift with benefit); deductible $400.00\n  Received: Two reserved seats at the concert, estimated value $100.00',
    );
    expect(text).toContain('- Any Other Donation (monthly gift, November 2026): $51.00 (Gift); deductible $51.00');
    expect(text).not.toMatch(/\d x =/);
    expect(html).toContain('Any Other Donation (monthly gift, November 2026)');
  });

  it("says the gift is monthly, its next charge on the foundation's calendar, and links to the dashboard", () => {
    const { text, html } = renderReceipt({ order: firstMonth(), site: chicago, dashboardLink });
    const said =
      'This gift is monthly: $51.00 each month. The next charge is on December 27, 2026, then on the 27th of each month.';
    expect(text).toContain(said);
    expect(text).toContain(`Manage your monthly gift on your dashboard: ${dashboardLink}`);
    expect(html).toContain(said);
    expect(html).toContain(`href="${dashboardLink}"`);
  });

  it("says a billing run's charge is one month of the gift, with no new schedule; a one-time or corrected receipt says nothing of it", () => {
    const charge = renderReceipt({
      order: firstMonth({
        billingPeriod: '2027-01',
        products: [{ ...monthlyGift, name: 'Any Other Donation (monthly gift, January 2027)' }],
      }),
      site: chicago,
      dashboardLink,
    });
    expect(charge.text).toContain('This is a charge of your monthly gift of $51.00.');
    expect(charge.text).toContain(dashboardLink);
    expect(charge.text).not.toContain('next charge');
    expect(charge.text).toContain('- Any Other Donation (monthly gift, January 2027): $51.00');

    const oneTime = renderReceipt({ order: order(), site: chicago, dashboardLink });
    const corrected = renderReceipt({
      order: firstMonth(),
      site: chicago,
      dashboardLink,
      correction: {
        id: '00000000-0000-4000-8000-000000000002',
        orderId: order().id,
        kind: 'void',
        version: 1,
        receiptNumber: '2026-000123-C1',
        amountCents: 0,
        deductibleCents: 0,
        reason: 'Refunded in full',
        idempotencyKey: 'k',
        createdAt: new Date('2026-12-01T10:00:00Z'),
      },
    });
    for (const { text, html } of [oneTime, corrected]) {
      expect(text).not.toMatch(/monthly gift on your dashboard|This gift is monthly/);
      expect(html).not.toContain(dashboardLink);
    }
  });
});

describe('a Canadian receipt (CRA official donation receipt)', () => {
  it('is an official receipt with the registration number, serial number, place of issue, donor address, eligible amount and advantage, signature and the CRA website', () => {
    const { text, document } = renderReceipt({ order: canadian(), site, signature: new Uint8Array([1, 2, 3]) });
    expect(document.title).toBe('Official receipt for income tax purposes');
    for (const expected of [
      'Official receipt for income tax purposes',
      'Sri Datta Vani Foundation of Canada',
      'Charity registration number 123456789RR0001',
      'Serial number: 2026-000123',
      'Place of issue: Scarborough, Ontario',
      'Donor: శ్రీనివాస్ Reddy',
      'Donor address: 12 Finch Ave, Toronto, ON M2N 1A1',
      'Date the gift was received: November 21, 2026',
      'Total amount received: $505.00',
      'Amount of the advantage: $105.00',
      'Eligible amount of the gift: $400.00',
      'Canada Revenue Agency: www.canada.ca/charities-giving',
    ]) {
      expect(text).toContain(expected);
    }
    expect(document.signature).toEqual({ image: new Uint8Array([1, 2, 3]), name: 'Lakshmi Rao', title: 'Treasurer' });
  });

  it('is not an official receipt without the Canadian settings, without the donor address, or when nothing is a gift', () => {
    const noSettings = renderReceipt({
      order: canadian(),
      site: { ...site, taxReceipts: { numberPrefix: '', us: taxReceipts.us } },
    });
    expect(noSettings.text).toContain('This is not an official receipt for income tax purposes.');
    expect(noSettings.document.signature).toBeNull();
    const noAddress = renderReceipt({ order: canadian({ donorAddress: null }), site });
    expect(noAddress.text).toContain(
      "This is not an official receipt for income tax purposes. The donor's address was not given.",
    );
    const bookOnly = renderReceipt({
      order: canadian({ products: [book], amountCents: 500, deductibleCents: 0 }),
      site,
    });
    expect(bookOnly.text).toContain('Nothing in this payment is a gift');
    expect(bookOnly.text).toContain('Eligible amount of the gift: $0.00');
  });
});

describe('corrected and void receipts', () => {
  const correction = (overrides: Partial<ReceiptCorrection>): ReceiptCorrection => ({
    id: '00000000-0000-4000-8000-000000000001',
    orderId: order().id,
    kind: 'corrected',
    version: 1,
    receiptNumber: '2026-000123-C1',
    amountCents: 30_500,
    deductibleCents: 20_000,
    reason: 'Partial refund of $200.00',
    idempotencyKey: 'k',
    createdAt: new Date('2026-12-01T10:00:00Z'),
    ...overrides,
  });

  it('keeps the original number with a suffix and says what it replaces', () => {
    const { text, subject } = renderReceipt({ order: order(), site, correction: correction({}) });
    expect(subject).toBe('Your receipt 2026-000123-C1 from Sri Datta Vani Foundation');
    expect(text).toContain('Receipt number: 2026-000123-C1');
    expect(text).toContain(
      'This receipt cancels and replaces receipt 2026-000123 issued on November 21, 2026 at 3:04 PM UTC.',
    );
    // The staff's reason is a back-office note: the donor's receipt does not print it.
    expect(text).not.toContain('Partial refund of $200.00');
    expect(text).toContain('Refunded: $200.00');
    expect(text).toContain('Tax-deductible amount: $200.00');
    expect(text).toContain('limited to the amount kept by the foundation after the refund minus that value: $200.00.');
  });

  it('says what was refunded on a test order too, claiming nothing (issue 21: refunds tried in test mode)', () => {
    const { text } = renderReceipt({
      order: order({ gateway: 'sandbox', test: true }),
      site,
      correction: correction({}),
    });
    expect(text).toContain('Refunded: $200.00');
    expect(text).toContain('Amount kept by the foundation: $305.00');
    expect(text).toContain('nothing on it is tax-deductible');
    expect(text).not.toContain('Tax-deductible amount');
  });

  it("names an offline gift's cheque and no gateway transaction", () => {
    const { text } = renderReceipt({
      order: order({ source: 'offline', gateway: 'offline', transactionId: null, paymentMethod: 'Cheque no. 1042' }),
      site,
    });
    expect(text).toContain('Payment method: Cheque no. 1042');
    expect(text).not.toContain('Transaction ID');
  });

  it('voids a receipt: stamped VOID, nothing deductible', () => {
    const { text, document, subject } = renderReceipt({
      order: order(),
      site,
      correction: correction({
        kind: 'void',
        receiptNumber: '2026-000123-V1',
        amountCents: 0,
        deductibleCents: 0,
        reason: 'Refunded in full',
      }),
    });
    expect(document.stamp).toBe('VOID');
    expect(subject).toBe('Void receipt 2026-000123-V1 from Sri Datta Vani Foundation');
    expect(text).toContain('Receipt 2026-000123 is void and may not be used for tax purposes.');
    expect(text).toContain('Deductible amount: $0.00');
  });
});

describe('the e-mail', () => {
  it('escapes every value in the HTML, so names and products cannot inject markup', () => {
    const hostile = '<script>alert("x")</script>';
    const { html, text } = renderReceipt({
      order: order({
        firstName: hostile,
        lastName: '<img src=x onerror=alert(1)>',
        studentName: `"'&`,
        centerName: '<b>Center</b>',
        transactionId: '<i>tx</i>',
        products: [{ ...gift, name: `Gift ${hostile}` }],
        delivery: { pickup: false, street: '<u>1 Main</u>', city: 'X', state: 'Y', zip: '1' },
      }),
      site: {
        ...site,
        taxReceipts: { numberPrefix: '' },
        foundation: { name: 'F <em>oundation</em>', url: 'https://f.example/?a=1&b="2"', timeZone: 'UTC' },
      },
    });
    expect(html).not.toMatch(/<script|<img|<b>|<i>|<u>|<em>/);
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).toContain('&quot;&#39;&amp;');
    expect(html).toContain('href="https://f.example/?a=1&amp;b=&quot;2&quot;"');
    expect(text).toContain(`Dear ${hostile} <img src=x onerror=alert(1)>,`);
  });

  it('keeps the To and Subject header values on one line', () => {
    const mail = renderReceipt({
      order: order({ email: 'asha@example.org\r\nBcc: everyone@example.org' }),
      site: { ...site, foundation: { ...site.foundation, name: 'Foundation\r\nX-Injected: yes' } },
    });
    expect(mail.to).not.toMatch(/[\r\n]/);
    expect(mail.subject).toBe('Your receipt 2026-000123 from Foundation X-Injected: yes');
  });

  it("dates the receipt in the foundation's own zone, so a New Year's Eve gift stays in its tax year", () => {
    const chicago = { ...site, foundation: { ...site.foundation, timeZone: 'America/Chicago' } };
    const { text } = renderReceipt({ order: order({ createdAt: new Date('2027-01-01T03:30:00Z') }), site: chicago });
    expect(text).toContain('December 31, 2026 at 9:30 PM CST');
  });
});

describe('a test order’s receipt (issue 18)', () => {
  const NOTICE = 'TEST – no payment was taken';

  it('says TEST – no payment was taken in the subject, the text and the HTML, and claims no tax deduction', () => {
    const mail = renderReceipt({ order: order({ gateway: 'sandbox', test: true }), site });
    expect(mail.subject).toBe(`${NOTICE}: Your receipt 2026-000123 from Sri Datta Vani Foundation`);
    expect(mail.text.split('\n')[0]).toBe(NOTICE);
    expect(mail.text).toContain(`${NOTICE}: this order was taken by the store's test mode`);
    for (const body of [mail.text, mail.html]) {
      expect(body).not.toContain('deductible amount');
      expect(body).not.toContain('Thank you for your gift');
      expect(body).toContain('nothing on it is tax-deductible');
    }
  });

  it('says nothing of the kind for an order that was paid', () => {
    const mail = renderReceipt({ order: order(), site });
    for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toContain('TEST');
  });
});
