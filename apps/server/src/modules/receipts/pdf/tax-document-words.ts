/**
 * A tax document in its donor's language (decision 0042). The document arrives worded in English
 * (checkout/receipt-document.ts, statements/statement-document.ts), the same words its e-mail
 * prints; this gives a Telugu or Hindi document its words by reading each English text as the
 * message it was written from: an exact message id ('Donation receipt'), or a message with values
 * ('Order reference: {reference}'), whose values are read back from the text and set in the
 * translation.
 *
 * What a tax authority requires stays in English exactly as it is, and its translation is printed
 * after it (`after`): every legal sentence (`statements`), the CRA's title, the registration
 * numbers, the names of the amounts for tax (deductible, advantage, eligible amount) and the CRA's
 * website. Everything else (headings, labels, kinds, notes) is replaced by its translation. Amounts
 * and dates written in English are written again in the language's conventions (te-IN, hi-IN).
 * An English document is returned as it is.
 *
 * A text that is no message (a name, a center, an item) stays as it is, and so does a message
 * whose wording changed without its translation: the document is never wrong, only untranslated.
 */
import type { I18n } from '@lingui/core';
import { CURRENCIES, moneyFormat } from '@store/shared/currencies';
import { INTL_LOCALE, type Locale } from '@store/shared/i18n/locales';
import { formatCents } from '@store/shared/money';
import { serverI18n } from '#src/i18n/server-i18n';
import type { TaxDocument, TaxFact } from '../tax-document';
import { taxMessages, taxWords } from '../tax-words';

/**
 * The words checkout/receipt-document.ts and its rules (checkout/receipt-rules/) write on a receipt,
 * marked here so that the `documents` catalogue holds them: a change of wording there needs the
 * same change here (tax-document-words.test.ts builds every kind of receipt and checks).
 */
export const receiptWords = [
  /*i18n*/ 'Donation receipt',
  /*i18n*/ 'Corrected donation receipt',
  /*i18n*/ 'Corrected receipt',
  /*i18n*/ 'Test receipt',
  /*i18n*/ 'Void receipt',
  /*i18n*/ 'TEST – no payment was taken',
  /*i18n*/ 'Reference',
  /*i18n*/ 'Serial number',
  /*i18n*/ 'Receipt number',
  /*i18n*/ 'Date the gift was received',
  /*i18n*/ 'Date of gift',
  /*i18n*/ 'Date of issue',
  /*i18n*/ 'Donor',
  /*i18n*/ 'Donor address',
  /*i18n*/ 'Student',
  /*i18n*/ 'In honour of',
  /*i18n*/ 'In memory of',
  /*i18n*/ 'Tribute message',
  /*i18n*/ 'Processing fee covered',
  /*i18n*/ 'Center',
  /*i18n*/ 'Payment method',
  /*i18n*/ 'Transaction ID',
  /*i18n*/ 'Refunded',
  /*i18n*/ 'Amount kept by the foundation',
  /*i18n*/ 'Place of issue',
  /*i18n*/ 'Gift Aid declared for',
  /*i18n*/ 'Gift',
  /*i18n*/ 'Gift with benefit',
  /*i18n*/ 'Purchase',
  /*i18n*/ 'Goods or services',
  /*i18n*/ 'Total',
  /*i18n*/ 'Total paid',
  /*i18n*/ 'Gift Aid',
  // Why a Canadian gift has no official receipt: the `{reason}` of taxMessages.craNoEligibleAmount.
  /*i18n*/ 'The foundation has not set out its Canadian charity details.',
  /*i18n*/ "The donor's address was not given.",
  /*i18n*/ 'Nothing in this payment is a gift: the value received equals the amount paid.',
  /*i18n*/ 'The advantage received is more than 80% of the amount paid.',
] as const;

/** The values a receipt writes in words ('Card' when a payment names no method). */
const VALUE_WORDS: ReadonlySet<string> = new Set([
  /*i18n*/ 'Card',
  /*i18n*/ 'not available',
  /*i18n*/ 'Declared',
  /*i18n*/ 'Not declared',
]);

/** A receipt's words with values, and a statement's: its builder fills them (`fillMessage`). */
export const documentMessages = {
  replacesReceipt: /*i18n*/ 'This receipt cancels and replaces receipt {number} issued on {date}.',
  replacesByNotice: /*i18n*/ 'This notice cancels and replaces receipt {number} issued on {date}.',
  orderReference: /*i18n*/ 'Order reference: {reference}',
  benefitValue: /*i18n*/ '{description}, estimated value {amount}',
  benefitPurchase: /*i18n*/ '{description} (a purchase)',
  monthlyLine: /*i18n*/ '{name} (monthly gift, {month})',
  statementTitle: /*i18n*/ 'Year-end giving statement {year}',
  calendarYear: /*i18n*/ 'January 1 – December 31, {year} ({timeZone} time)',
  totalGiven: /*i18n*/ 'Total given in {year}',
  totalDeductible: /*i18n*/ 'Total deductible in {year}',
  totalEligible: /*i18n*/ 'Total eligible amount in {year}',
  totalGifts: /*i18n*/ 'Total of the gifts in {year}',
  /** A total of one currency, on a statement with gifts in more than one: `{label}` is one of the totals. */
  inCurrency: /*i18n*/ '{label} ({currency})',
  usStatement:
    /*i18n*/ "This statement lists every gift you made to {name} in {year}, less any refunds. Each gift's receipt, numbered as above, is the official record for tax purposes; this statement sums them up.",
  craStatement:
    /*i18n*/ "This statement lists every gift you made to {name} in {year}, less any refunds. This is not an official receipt for income tax purposes. Each gift's official receipt, numbered as above, is the record to claim with; this statement sums them up.",
  giftAidStatement:
    /*i18n*/ "This statement lists every gift you made to {name} in {year}, less any refunds. Each gift's receipt, numbered as above, says whether you declared it for Gift Aid.",
  voidStatement: /*i18n*/ 'Receipt {number} is void and may not be used for tax purposes.',
  /** A statement's row under a gift, for the employer's payment matching it. */
  matchedBy: /*i18n*/ 'Matched by {employer}, not deductible by you',
} as const;

/** A statement's words without values. */
export const statementWords = {
  emailLabel: /*i18n*/ 'E-mail',
  calendarYearLabel: /*i18n*/ 'Calendar year',
  issuedOnLabel: /*i18n*/ 'Issued on',
  giftsLabel: /*i18n*/ 'Gifts',
  eligibleAmount: /*i18n*/ 'Eligible amount',
  valueOfAdvantages: /*i18n*/ 'Value of advantages received',
  usExplanation:
    /*i18n*/ 'Deductible amounts are what you paid minus the estimated fair market value of any goods or services you received (concert seats, books). Gifts to a Canadian center are receipted separately with a CRA official receipt.',
  craExplanation:
    /*i18n*/ 'The eligible amount of a gift is the amount given minus the value of any advantage received (concert seats, books).',
} as const;

/**
 * The legal words that are no sentence: kept in English, their translation after them. Every
 * sentence of `statements`, every registration number, and the tax-words, are legal anyway.
 */
const LEGAL_WORDS: ReadonlySet<string> = new Set<string>([
  ...Object.values(taxWords),
  // The CRA receipt's own sentence: its title, as a sentence (checkout/receipt-rules/ca-cra.ts).
  /*i18n*/ 'Official receipt for income tax purposes.',
  /*i18n*/ 'Official receipt for income tax purposes (replacement)',
  /*i18n*/ 'Value of goods or services received',
  /*i18n*/ 'Tax-deductible amount',
  /*i18n*/ 'Deductible amount',
  /*i18n*/ 'Total amount received',
  /*i18n*/ 'Amount of the advantage',
  /*i18n*/ 'Eligible amount of the gift',
  statementWords.eligibleAmount,
  statementWords.valueOfAdvantages,
]);

/** Placeholders whose value is itself a message: translated in turn. */
const WORD_PLACEHOLDERS: ReadonlySet<string> = new Set(['reason', 'label']);

/** What a placeholder may match; any text by default (the shortest that fits). */
const PLACEHOLDER_PATTERNS: Readonly<Record<string, string>> = { year: '\\d{4}', currency: '[A-Z]{3}' };

type Template = { message: string; names: string[]; pattern: RegExp; legal: boolean };

function template(message: string, legal: boolean): Template {
  const names: string[] = [];
  const source = message
    .split(/(\{\w+\})/)
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (!name) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(name);
      return `(${PLACEHOLDER_PATTERNS[name] ?? '[\\s\\S]+?'})`;
    })
    .join('');
  return { message, names, pattern: new RegExp(`^${source}$`), legal };
}

const LEGAL_MESSAGES: readonly string[] = [
  ...Object.values(taxMessages),
  documentMessages.totalDeductible,
  documentMessages.totalEligible,
  documentMessages.usStatement,
  documentMessages.craStatement,
  documentMessages.giftAidStatement,
  documentMessages.voidStatement,
];

/** The messages with values a wording field may be written from; the line's and the value's below. */
const TEMPLATES: readonly Template[] = [
  ...LEGAL_MESSAGES.map((message) => template(message, true)),
  ...[
    documentMessages.replacesReceipt,
    documentMessages.replacesByNotice,
    documentMessages.orderReference,
    documentMessages.benefitValue,
    documentMessages.benefitPurchase,
    documentMessages.statementTitle,
    documentMessages.totalGiven,
    documentMessages.totalGifts,
    documentMessages.inCurrency,
  ].map((message) => template(message, false)),
];
const LINE_TEMPLATES: readonly Template[] = [
  template(documentMessages.monthlyLine, false),
  template(documentMessages.matchedBy, false),
];
const VALUE_TEMPLATES: readonly Template[] = [template(documentMessages.calendarYear, false)];

/** A text in the document's language: `legal` when the English stays and the translation follows it. */
type Worded = { text: string; legal: boolean };

/** The English amount and date formats, to write them again in another locale's conventions. */
const SYMBOLS: ReadonlyMap<string, string> = new Map(
  CURRENCIES.map((currency) => [
    moneyFormat(currency, false, 'en-US')
      .formatToParts(0)
      .find((part) => part.type === 'currency')?.value ?? currency,
    currency,
  ]),
);
const MONTHS: readonly string[] = Array.from({ length: 12 }, (_, month) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2026, month, 15)),
);
const AMOUNT = /^(-?)(\D+?)(\d{1,3}(?:,\d{3})*)\.(\d{2})$/;
const MONTH = `(${MONTHS.join('|')})`;
// ICU writes 'at' or a comma before the time, and a narrow no-break space before AM/PM.
const DAY_TIME = new RegExp(`^${MONTH} (\\d{1,2}), (\\d{4})(?:(?: at|,) (\\d{1,2}):(\\d{2})\\s(AM|PM) (\\S+))?$`);
const MONTH_YEAR = new RegExp(`^${MONTH} (\\d{4})$`);

class DocumentWords {
  readonly i18n: I18n;
  private readonly intl: string;
  private readonly translations = new Map<string, string>();

  constructor(readonly locale: Locale) {
    this.i18n = serverI18n(locale);
    this.intl = INTL_LOCALE[locale];
  }

  /** The translation printed after a legal text kept in English; undefined when there is none. */
  after(text: string): string | undefined {
    return this.translations.get(text);
  }

  private has(id: string): boolean {
    return id in this.i18n.messages;
  }

  /** A wording field: an exact message, or a message with values; else the text as it is. */
  word(text: string, templates: readonly Template[] = TEMPLATES): Worded {
    if (this.has(text)) return { text: this.i18n._(text), legal: LEGAL_WORDS.has(text) };
    for (const candidate of templates) {
      const match = candidate.pattern.exec(text);
      if (!match || !this.has(candidate.message)) continue;
      let legal = candidate.legal;
      const values: Record<string, string> = {};
      candidate.names.forEach((name, index) => {
        const value = match[index + 1] ?? '';
        if (WORD_PLACEHOLDERS.has(name)) {
          const inner = this.word(value);
          legal ||= inner.legal;
          values[name] = inner.text;
        } else values[name] = name === 'description' && this.has(value) ? this.i18n._(value) : this.value(value);
      });
      return { text: this.i18n._(candidate.message, values), legal };
    }
    return { text, legal: false };
  }

  /** A field that may be legal: a legal text stays English and remembers its translation. */
  legalOrWord(text: string): string {
    const worded = this.word(text);
    if (!worded.legal) return worded.text;
    if (worded.text !== text) this.translations.set(text, worded.text);
    return text;
  }

  /** A sentence of `statements`: always kept, its translation after it when it is a message. */
  statement(text: string): string {
    const worded = this.word(text);
    if (worded.text !== text) this.translations.set(text, worded.text);
    return text;
  }

  /** A value: a word of VALUE_WORDS, the calendar year, or an amount or date written again; else as it is. */
  value(text: string): string {
    if (VALUE_WORDS.has(text) && this.has(text)) return this.i18n._(text);
    const calendar = this.word(text, VALUE_TEMPLATES);
    if (calendar.text !== text) return calendar.text;
    return this.amount(text) ?? this.date(text) ?? text;
  }

  lineName(text: string): string {
    return this.word(text, LINE_TEMPLATES).text;
  }

  /** '$1,234.50' in en-US's symbols, written again: '$1,234.50' in te-IN, '$1,23,456.50' past a lakh. */
  private amount(text: string): string | undefined {
    const match = AMOUNT.exec(text);
    const currency = match ? SYMBOLS.get(match[2] ?? '') : undefined;
    if (!match || !currency) return undefined;
    const cents = Number((match[3] ?? '').replaceAll(',', '')) * 100 + Number(match[4]);
    return formatCents(match[1] ? -cents : cents, currency, this.intl);
  }

  /** 'November 14, 2026', 'November 14, 2026 at 3:04 PM CST' and 'January 2027', as mail/date-format.ts writes them. */
  private date(text: string): string | undefined {
    const day = DAY_TIME.exec(text);
    if (day) {
      const [, month = '', date = '', year = '', hour, minute, half, zone] = day;
      const monthIndex = MONTHS.indexOf(month);
      const calendarDay = new Intl.DateTimeFormat(this.intl, {
        year: 'numeric',
        month: 'long',
        day: 'numeric',
        timeZone: 'UTC',
      }).format(Date.UTC(Number(year), monthIndex, Number(date)));
      if (hour === undefined || minute === undefined) return calendarDay;
      // The wall-clock time as written, in the locale's form; the zone's abbreviation as written.
      const hours24 = (Number(hour) % 12) + (half === 'PM' ? 12 : 0);
      const time = new Intl.DateTimeFormat(this.intl, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
        Date.UTC(Number(year), monthIndex, Number(date), hours24, Number(minute)),
      );
      return `${calendarDay}, ${time} ${zone}`;
    }
    const monthYear = MONTH_YEAR.exec(text);
    if (monthYear) {
      const [, month = '', year = ''] = monthYear;
      return new Intl.DateTimeFormat(this.intl, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(
        Date.UTC(Number(year), MONTHS.indexOf(month), 15),
      );
    }
    return undefined;
  }
}

export type LocalisedTaxDocument = {
  /** The document in its language, its legal texts in English. */
  doc: TaxDocument;
  locale: Locale;
  i18n: I18n;
  /** The translation to print after a legal text of `doc`; undefined in English, or when it has none. */
  after(text: string): string | undefined;
};

/** `doc` in the language of `doc.locale` (English when unset: the same object, nothing translated). */
export function localiseTaxDocument(doc: TaxDocument): LocalisedTaxDocument {
  const locale = doc.locale ?? 'en';
  if (locale === 'en') return { doc, locale, i18n: serverI18n('en'), after: () => undefined };
  const words = new DocumentWords(locale);
  const fact = ({ label, value }: TaxFact): TaxFact => ({ label: words.legalOrWord(label), value: words.value(value) });
  const common = {
    locale,
    title: words.legalOrWord(doc.title),
    testNotice: doc.testNotice === null ? null : words.word(doc.testNotice).text,
    issuer: { ...doc.issuer, identifiers: doc.issuer.identifiers.map((line) => words.legalOrWord(line)) },
    facts: doc.facts.map(fact),
    totals: doc.totals.map(fact),
    statements: doc.statements.map((line) => words.statement(line)),
    signature: doc.signature,
    footer: doc.footer.map((line) => words.legalOrWord(line)),
  };
  const localised: TaxDocument =
    doc.type === 'receipt'
      ? {
          ...doc,
          ...common,
          replaces: doc.replaces === null ? null : words.word(doc.replaces).text,
          lines: doc.lines.map((line) => ({
            ...line,
            name: words.lineName(line.name),
            kind: words.word(line.kind).text,
            amount: words.value(line.amount),
            benefit: line.benefit === null ? null : words.word(line.benefit).text,
            deductible: words.value(line.deductible),
          })),
        }
      : {
          ...doc,
          ...common,
          ...(doc.deductibleHeader ? { deductibleHeader: words.legalOrWord(doc.deductibleHeader) } : {}),
          gifts: doc.gifts.map((gift) => ({
            ...gift,
            // A center's name stays as it is; an employer's match row is worded (documentMessages.matchedBy).
            center: words.lineName(gift.center),
            amount: words.value(gift.amount),
            deductible: words.value(gift.deductible),
          })),
        };
  return { doc: localised, locale, i18n: words.i18n, after: (text) => words.after(text) };
}
