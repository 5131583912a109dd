/**
 * Order lines and a paid order row as issue 20 keeps them (each line with what the donor got back),
 * for the receipt tests, the sample PDFs and the screenshot history: a concert tier with two seats,
 * the book (a purchase) and an open gift. The values are config/site.json's. And the site a receipt
 * reads (the foundation, a center of each country, their tax identifiers).
 */
import type { Site } from '@store/shared/site';
import type { Order, OrderProduct } from '../src/modules/ledger/index';

export const PATRON_LINE: OrderProduct = {
  id: 102,
  name: 'Concert Patron',
  unitCents: 50_000,
  quantity: 1,
  custom: false,
  benefit: 'services',
  benefitDescription: 'Two reserved seats at the concert',
  fairMarketValueCents: 10_000,
};

export const BOOK_LINE: OrderProduct = {
  id: 9,
  name: 'Guruvara Dattam Vimalacharita Satakam',
  unitCents: 500,
  quantity: 1,
  custom: false,
  benefit: 'purchase',
  benefitDescription: 'The book Guruvara Dattam Vimalacharita Satakam',
  fairMarketValueCents: 500,
};

/** An open amount: a pure gift. */
export function giftLine(cents: number, id: 7 | 8 = 8): OrderProduct {
  const name = id === 7 ? 'SGS Vagdevi Center' : 'Any Other Donation';
  return { id, name, unitCents: cents, quantity: 1, custom: true, benefit: 'none', fairMarketValueCents: 0 };
}

/** A whole paid order row (the patron tier and the book, $505.00, $400.00 deductible), for the pure builders. */
export function paidOrderRow(overrides: Partial<Order> = {}): Order {
  return {
    id: '1a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d',
    idempotencyKey: 'key',
    requestHash: 'hash',
    status: 'succeeded',
    amountCents: 50_500,
    currency: 'USD',
    entityKey: 'us',
    giftAid: null,
    homeRate: '1',
    homeAmountCents: 50_500,
    centerId: 1,
    centerName: 'Bay Area Center, California',
    firstName: 'Asha',
    lastName: 'Rao',
    studentName: null,
    email: 'asha@example.org',
    mobile: '5551234567',
    delivery: null,
    products: [PATRON_LINE, BOOK_LINE],
    itemCount: 2,
    gateway: 'braintree',
    test: false,
    refundedCents: 0,
    source: 'card',
    offlineMethod: null,
    offlineReference: null,
    receivedOn: null,
    recordedBy: null,
    transactionId: 'sbx_7f3k2m',
    processorCode: '1000',
    processorText: 'Approved',
    failureMessage: null,
    answer: null,
    clientIp: '127.0.0.1',
    userId: null,
    deductibleCents: 40_000,
    donorAddress: null,
    paymentMethod: 'Visa ending in 1111',
    paymentKind: 'card',
    feeCoveredCents: 0,
    tribute: null,
    matchingEmployer: null,
    matchesOrderId: null,
    receiptNumber: '2026-000123',
    receiptYear: 2026,
    receiptSeq: 123,
    receiptAwaitsAddress: false,
    receiptIssuedAt: null,
    monthlyGiftId: null,
    billingPeriod: null,
    chargeAttempt: null,
    reconciled: false,
    locale: 'en',
    createdAt: new Date('2026-11-21T15:04:05Z'),
    updatedAt: new Date('2026-11-21T15:04:06Z'),
    ...overrides,
  };
}

/** The foundation's tax identifiers as the receipt tests print them: the US, Canadian and UK entities'. */
export const TEST_TAX_RECEIPTS: Site['taxReceipts'] = {
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
  uk: {
    legalName: 'Sri Datta Vani Foundation UK',
    address: '1 High St, Leicester LE1 1AA',
    charityNumber: '1234567',
    hmrcReference: 'AB12345',
  },
};

/** What a receipt reads of the site: the foundation (in `timeZone`), a center of each country, its tax identifiers. */
export function receiptTestSite(timeZone: string): Pick<Site, 'foundation' | 'centers' | 'taxReceipts'> {
  return {
    foundation: { name: 'Sri Datta Vani Foundation', url: 'https://www.dattavani.example.org/', timeZone },
    centers: [
      { id: 1, name: 'Bay Area Center, California', address: '1201 Mission Blvd, Fremont, CA 94539', country: 'US' },
      { id: 7, name: 'Toronto Center, Canada', address: '3085 Kennedy Rd, Scarborough, ON M1V 1S8', country: 'CA' },
      { id: 9, name: 'Leicester Center', address: '1 High St, Leicester LE1 1AA', country: 'GB' },
    ],
    taxReceipts: TEST_TAX_RECEIPTS,
  };
}
