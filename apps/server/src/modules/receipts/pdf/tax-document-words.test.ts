/**
 * A receipt or statement in Telugu and Hindi, as the builders word them in English: every kind of
 * receipt (US, Canadian official or not, UK with and without Gift Aid, test, corrected, void, a
 * monthly gift) and every kind of statement is read back into messages, so a change of wording in a
 * builder without its message here fails this test instead of printing English on a Telugu receipt.
 * The legal sentences stay English, each with its translation to print after it.
 */
import type { Locale } from '@store/shared/i18n/locales';
import { describe, expect, it } from 'vitest';
import { buildReceiptDocument, type ReceiptCorrection } from '#src/modules/checkout/receipt-document';
import type { Order } from '#src/modules/ledger/index';
import { buildStatementDocument } from '#src/modules/statements/statement-document';
import { BOOK_LINE, giftLine, PATRON_LINE, paidOrderRow, receiptTestSite } from '../../../../test/tax-lines';
import type { TaxDocument } from '../tax-document';
import { taxWords } from '../tax-words';
import { localiseTaxDocument } from './tax-document-words';

const site = receiptTestSite('America/Chicago');
const { taxReceipts } = site;

const ADDRESS = { street: '12 Finch Ave', city: 'Toronto', province: 'ON', postalCode: 'M2N 1A1' };
const canadian = (overrides: Partial<Order> = {}) =>
  paidOrderRow({
    centerId: 7,
    centerName: 'Toronto Center, Canada',
    currency: 'CAD',
    donorAddress: ADDRESS,
    ...overrides,
  });
const british = (overrides: Partial<Order> = {}) =>
  paidOrderRow({ centerId: 9, centerName: 'Leicester Center', currency: 'GBP', ...overrides });
const correction = (overrides: Partial<ReceiptCorrection> = {}): ReceiptCorrection => ({
  id: '00000000-0000-4000-8000-000000000001',
  orderId: paidOrderRow().id,
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
const declaration = {
  firstName: 'Asha',
  lastName: 'Rao',
  house: '1',
  postcode: 'LE1 1AA',
  declaredAt: '2026-11-21T15:04:05Z',
  wording: 'I want to Gift Aid my donation.',
};

const receipt = (order: Order, fix: ReceiptCorrection | undefined = undefined) =>
  buildReceiptDocument({ order, site, signature: null, correction: fix });

/** Every kind of receipt the builders write. */
const RECEIPTS: Record<string, TaxDocument> = {
  'a US receipt with a benefit and a purchase': receipt(paidOrderRow()),
  'a US receipt of a pure gift': receipt(
    paidOrderRow({
      products: [giftLine(10_100)],
      amountCents: 10_100,
      paymentMethod: null,
      transactionId: null,
      tribute: { kind: 'memory', name: 'Sita Devi', message: 'She fed everyone.' },
    }),
  ),
  "a monthly gift's first receipt": receipt(
    paidOrderRow({ products: [{ ...giftLine(5100), monthly: true }], amountCents: 5100, deductibleCents: 5100 }),
  ),
  'a US receipt without the tax details': buildReceiptDocument({
    order: paidOrderRow(),
    site: { ...site, taxReceipts: { numberPrefix: '' } },
    signature: null,
  }),
  'a corrected US receipt': receipt(paidOrderRow(), correction()),
  'a void receipt': receipt(paidOrderRow(), correction({ kind: 'void', amountCents: 0, deductibleCents: 0 })),
  'a test receipt': receipt(paidOrderRow({ test: true, gateway: 'sandbox' })),
  'a CRA official receipt': receipt(canadian()),
  'a replacement CRA official receipt': receipt(canadian(), correction()),
  'a Canadian receipt waiting for the address': receipt(
    canadian({ donorAddress: null, receiptAwaitsAddress: true, receiptNumber: null }),
  ),
  'a Canadian receipt without an address': receipt(canadian({ donorAddress: null })),
  'a Canadian receipt of a purchase only': receipt(canadian({ products: [BOOK_LINE], amountCents: 500 })),
  'a Canadian receipt whose advantage is over 80%': receipt(
    canadian({ products: [{ ...PATRON_LINE, unitCents: 11_000 }], amountCents: 11_000 }),
  ),
  'a Canadian receipt without the charity details': buildReceiptDocument({
    order: canadian(),
    site: { ...site, taxReceipts: { ...taxReceipts, canada: undefined } },
    signature: null,
  }),
  'a UK receipt with Gift Aid': receipt(british({ giftAid: declaration })),
  'a UK receipt without Gift Aid': receipt(british()),
  'a UK receipt without the charity details': buildReceiptDocument({
    order: british(),
    site: { ...site, taxReceipts: { ...taxReceipts, uk: undefined } },
    signature: null,
  }),
};

const gift = (overrides: Partial<Order>) => ({ ...paidOrderRow(overrides), correction: null });
const statement = (rules: 'us-irs' | 'ca-cra' | 'uk-gift-aid', currencies: string[], locale?: Locale) =>
  buildStatementDocument({
    year: 2026,
    gifts: currencies.map((currency, i) => gift({ currency, id: `00000000-0000-4000-8000-00000000000${i}` })),
    site,
    issuedAt: new Date('2027-01-15T16:00:00Z'),
    entity: {
      key: rules,
      country: rules === 'us-irs' ? 'US' : rules === 'ca-cra' ? 'CA' : 'GB',
      currency: currencies[0] ?? 'USD',
      rules,
      issuer: { name: 'Sri Datta Vani Foundation', address: null, url: site.foundation.url, identifiers: [] },
    },
    locale,
  });

const STATEMENTS: Record<string, TaxDocument> = {
  "the US foundation's statement": statement('us-irs', ['USD']),
  "the US foundation's statement in two currencies": statement('us-irs', ['USD', 'CAD']),
  "the Canadian charity's statement": statement('ca-cra', ['CAD']),
  "the Canadian charity's statement in two currencies": statement('ca-cra', ['CAD', 'USD']),
  "the UK charity's statement": statement('uk-gift-aid', ['GBP']),
};

/** The document's words (not its names, numbers and amounts), each as it reads in `localised`. */
function wordsOf(doc: TaxDocument): string[] {
  return [
    doc.title,
    ...(doc.testNotice ? [doc.testNotice] : []),
    ...doc.issuer.identifiers,
    ...doc.facts.map((fact) => fact.label),
    ...doc.totals.map((total) => total.label),
    ...doc.statements.filter((line) => !line.startsWith('"')),
    ...doc.footer.filter((line) => !line.startsWith('https://')),
    ...(doc.type === 'receipt'
      ? [...(doc.replaces ? [doc.replaces] : []), ...doc.lines.map((line) => line.kind)]
      : doc.deductibleHeader
        ? [doc.deductibleHeader]
        : []),
  ];
}

describe('localiseTaxDocument', () => {
  it('returns an English document as it is', () => {
    const doc = RECEIPTS['a US receipt with a benefit and a purchase'];
    if (!doc) throw new Error('missing');
    expect(localiseTaxDocument(doc).doc).toBe(doc);
    expect(localiseTaxDocument({ ...doc, locale: 'en' }).after(taxWords.keepForRecords)).toBeUndefined();
  });

  for (const locale of ['te', 'hi'] as const) {
    const script = locale === 'te' ? /[\u0C00-\u0C7F]/ : /[\u0900-\u097F]/;
    for (const [name, english] of Object.entries({ ...RECEIPTS, ...STATEMENTS })) {
      it(`words ${name} in ${locale === 'te' ? 'Telugu' : 'Hindi'}, the legal texts in English with their translation`, () => {
        const { doc, after } = localiseTaxDocument({ ...english, locale });
        const before = wordsOf(english);
        const now = wordsOf(doc);
        expect(now).toHaveLength(before.length);
        before.forEach((text, index) => {
          const shown = now[index] ?? '';
          // Either translated in place, or kept in English with its translation to print after it.
          const translation = shown === text ? after(text) : shown;
          expect(translation, `"${text}" has no translation`).toMatch(script);
        });
        // Every legal sentence is the English one, word for word.
        expect(doc.statements).toEqual(english.statements);
      });
    }
  }

  it('writes amounts and dates again in the language: lakh grouping, day before month, the zone as in English', () => {
    const english = RECEIPTS["a monthly gift's first receipt"];
    if (english?.type !== 'receipt') throw new Error('missing');
    const doc = {
      ...english,
      facts: [...english.facts, { label: 'Date of gift', value: 'November 14, 2026 at 3:04 PM CST' }],
      totals: [{ label: 'Total paid', value: '$150,000.00' }],
    };
    const te = localiseTaxDocument({ ...doc, locale: 'te' }).doc;
    expect(te.totals[0]?.value).toBe('$1,50,000.00');
    expect(te.facts.at(-1)?.value.replace(/\s/g, ' ')).toBe('14 నవంబర్, 2026, 3:04 PM CST');
    const hi = localiseTaxDocument({ ...doc, locale: 'hi' }).doc;
    expect(hi.facts.at(-1)?.value.replace(/\s/g, ' ')).toBe('14 नवंबर 2026, 3:04 pm CST');
    // The monthly line's name keeps the item's name, its month in the language.
    expect(hi.type === 'receipt' && hi.lines[0]?.name).toBe('Any Other Donation (मासिक दान, नवंबर 2026)');
  });

  it("gives a statement built in Telugu its amounts and dates in te-IN, and the issue time with the zone's English name", () => {
    const doc = buildStatementDocument({
      year: 2026,
      gifts: [gift({ amountCents: 12_345_600, deductibleCents: 12_345_600, products: [giftLine(12_345_600)] })],
      site,
      issuedAt: new Date('2027-01-15T16:00:00Z'),
      locale: 'te',
    });
    expect(doc.locale).toBe('te');
    expect(doc.type === 'statement' && doc.gifts[0]?.amount).toBe('$1,23,456.00');
    expect(doc.facts.find((fact) => fact.label === 'Issued on')?.value).toMatch(/15 జనవరి, 2027.*10:00.*CST/);
    // Its words stay English messages until the PDF is drawn: the same words as an English statement.
    expect(doc.title).toBe('Year-end giving statement 2026');
  });
});
