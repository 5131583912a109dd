/**
 * A receipt or a year-end statement, already worded and formatted (issue 20): what the PDF
 * (pdf/render-tax-document.ts), the HTML e-mail and the text e-mail lay out. Whoever builds one
 * decides the words (US or Canadian rules, corrected or void); the layouts only place them, so the
 * three forms of one receipt cannot say different things.
 *
 * The words are English, and `locale` is the language the donor gave in: a Telugu or Hindi PDF
 * (pdf/tax-document-words.ts) translates the labels and headings and prints the legal sentences in
 * English, each followed by its translation.
 */
import type { Locale } from '@store/shared/i18n/locales';

/** A label and its value: 'Receipt number' / '2026-000123'. */
export type TaxFact = { label: string; value: string };

/** The foundation as the document names it. */
export type TaxIssuer = {
  /** The legal name when set (IRS/CRA), else the foundation's name. */
  name: string;
  address: string | null;
  url: string;
  /** 'EIN 12-3456789', 'Charity registration number 123456789RR0001'. */
  identifiers: string[];
};

/** One line of a receipt. Amounts are formatted dollars ('$500.00'). */
export type TaxDocumentLine = {
  name: string;
  /** 'Gift', 'Gift with benefit', 'Purchase'. */
  kind: string;
  quantity: number;
  amount: string;
  /** What the donor received and its estimated value, or null for a pure gift. */
  benefit: string | null;
  deductible: string;
};

/** One gift of a year-end statement. */
export type StatementGift = { receiptNumber: string; date: string; center: string; amount: string; deductible: string };

type Common = {
  /** The donor's language (their order's or their account's); unset, English. */
  locale?: Locale | undefined;
  /** 'Donation receipt', 'Official receipt for income tax purposes', 'Year-end giving statement 2026'. */
  title: string;
  /** Set for a test order: printed large at the top, and no tax claim is made. */
  testNotice: string | null;
  issuer: TaxIssuer;
  /** Under the title: number, dates, donor, address, center, payment method, place of issue. */
  facts: TaxFact[];
  /** Under the lines: total paid, value received (advantage), deductible (eligible) amount. */
  totals: TaxFact[];
  /** The legal sentences, each its own paragraph (Pub 1771's, the CRA's, 'not an official receipt'). */
  statements: string[];
  /** A CRA receipt's authorized signature; null otherwise. */
  signature: { image: Uint8Array | null; name: string; title: string } | null;
  /** Small print at the bottom: the CRA's website, the order reference. */
  footer: string[];
};

export type ReceiptDocument = Common & {
  type: 'receipt';
  /** A corrected or void receipt: 'This receipt replaces receipt 2026-000123 issued on …'. */
  replaces: string | null;
  /** 'VOID' across a void receipt; null otherwise. */
  stamp: string | null;
  lines: TaxDocumentLine[];
};

export type StatementDocument = Common & {
  type: 'statement';
  gifts: StatementGift[];
  /**
   * What the gifts' last column is called where 'Deductible' is not the entity's word: 'Eligible
   * amount' on a Canadian charity's statement (the CRA's term), 'Gift' on a UK one (no deduction).
   */
  deductibleHeader?: string;
};

export type TaxDocument = ReceiptDocument | StatementDocument;
