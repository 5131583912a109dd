/**
 * A donor's year-end giving statement (issue 20) from one legal entity: every gift of the year to
 * that entity with its receipt number, date, amount and deductible part, and the year's totals, in
 * the foundation's zone. A summary of the receipts, which stay the official record: it says so. It
 * names the entity as its receipts do (statement-entities.ts) and is worded by the entity's rules:
 * the US foundation's as it always was, the Canadian charity's in the CRA's terms (an eligible
 * amount, not an official receipt), the UK charity's without a deduction (Gift Aid). Amounts are
 * in each gift's currency, each currency with its own totals (never added across: decision 0040).
 *
 * Its words are English messages (receipts/pdf/tax-document-words.ts), the PDF in the donor's
 * language translating them; its amounts and dates are written in that language's conventions.
 */
import { INTL_LOCALE, type Locale } from '@store/shared/i18n/locales';
import { formatCents } from '@store/shared/money';
import type { Site } from '@store/shared/site';
import { receiptNumberOf } from '#src/modules/ledger/index';
import { formatDateTime } from '#src/modules/mail/date-format';
import { deductibleCents } from '#src/modules/receipts/deductible';
import { dateTimeIn } from '#src/modules/receipts/pdf/document-dates';
import { documentMessages, statementWords } from '#src/modules/receipts/pdf/tax-document-words';
import type { StatementDocument } from '#src/modules/receipts/tax-document';
import { fillMessage, taxIssuer, taxWords } from '#src/modules/receipts/tax-words';
import type { StatementEntity } from './statement-entities';
import type { YearGift } from './year-gifts';

export type StatementOptions = {
  year: number;
  gifts: readonly YearGift[];
  site: Pick<Site, 'foundation' | 'centers' | 'taxReceipts'>;
  /** When the statement is made (its 'Issued on' date). */
  issuedAt: Date;
  /** The entity it is from, `gifts` being that entity's; unset, the US foundation's. */
  entity?: StatementEntity | undefined;
  /** The donor's language; unset, English. */
  locale?: Locale | undefined;
};

const dayFormat = (timeZone: string, locale: Locale) =>
  new Intl.DateTimeFormat(INTL_LOCALE[locale], { year: 'numeric', month: 'short', day: 'numeric', timeZone });

/** When the statement was issued: as the e-mails write it in English, in the language's own form otherwise. */
function issuedOn(date: Date, timeZone: string, locale: Locale): string {
  if (locale === 'en') return formatDateTime(date, timeZone);
  return dateTimeIn(date, timeZone, locale, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  });
}

/** What the foundation kept of a gift: less any refund its corrected receipt records. */
export function giftAmount(gift: YearGift): number {
  return gift.correction?.amountCents ?? gift.amountCents;
}

/**
 * A gift's deductible part as the order holds it (its latest corrected receipt's, correct-receipt.ts);
 * orders from before issue 20 are computed from their lines.
 */
export function giftDeductible(gift: YearGift): number {
  return gift.deductibleCents ?? deductibleCents(giftAmount(gift), gift.products);
}

type Wording = {
  /** The last column's and the last total's word for what counts for tax. */
  deductibleHeader: string | undefined;
  /** The totals' messages, each filled with the year. */
  totals: readonly [given: string, received: string, deductible: string];
  statements: (issuerName: string, year: number) => string[];
};

const VALUE_OF_GOODS = 'Value of goods or services received';

const US_WORDING: Wording = {
  deductibleHeader: undefined,
  totals: [documentMessages.totalGiven, VALUE_OF_GOODS, documentMessages.totalDeductible],
  statements: (name, year) => [
    fillMessage(documentMessages.usStatement, { name, year: String(year) }),
    statementWords.usExplanation,
  ],
};

/** The CRA's terms: an advantage and an eligible amount; only the official receipts are claimed. */
const CRA_WORDING: Wording = {
  deductibleHeader: statementWords.eligibleAmount,
  totals: [documentMessages.totalGiven, statementWords.valueOfAdvantages, documentMessages.totalEligible],
  statements: (name, year) => [
    // The CRA's sentence (taxWords.craNotOfficial) inside the first, word for word.
    fillMessage(documentMessages.craStatement, { name, year: String(year) }),
    statementWords.craExplanation,
  ],
};

/** The UK has no deduction: the gift part is what Gift Aid may be claimed on. */
const GIFT_AID_WORDING: Wording = {
  deductibleHeader: 'Gift',
  totals: [documentMessages.totalGiven, VALUE_OF_GOODS, documentMessages.totalGifts],
  statements: (name, year) => [
    fillMessage(documentMessages.giftAidStatement, { name, year: String(year) }),
    taxWords.ukNotTaxReceipt,
  ],
};

const WORDING = { 'us-irs': US_WORDING, 'ca-cra': CRA_WORDING, 'uk-gift-aid': GIFT_AID_WORDING } as const;

export function buildStatementDocument({
  year,
  gifts,
  site,
  issuedAt,
  entity,
  locale = 'en',
}: StatementOptions): StatementDocument {
  const timeZone = site.foundation.timeZone;
  const latest = gifts.at(-1);
  const day = dayFormat(timeZone, locale);
  const intl = INTL_LOCALE[locale];
  const currencies = [...new Set(gifts.map((g) => g.currency))];
  const address = latest?.donorAddress;
  const wording = WORDING[entity?.rules ?? 'us-irs'];
  // The US foundation's statement names the foundation as it always has; another entity's, its legal name.
  const giftsTo = entity && entity.rules !== 'us-irs' ? entity.issuer.name : site.foundation.name;
  return {
    type: 'statement',
    // Set only for another language: an English statement is the same object it always was.
    ...(locale === 'en' ? {} : { locale }),
    title: fillMessage(documentMessages.statementTitle, { year: String(year) }),
    testNotice: null,
    issuer: entity?.issuer ?? taxIssuer(site.taxReceipts, 'US', site.foundation),
    ...(wording.deductibleHeader ? { deductibleHeader: wording.deductibleHeader } : {}),
    facts: [
      { label: 'Donor', value: latest ? `${latest.firstName} ${latest.lastName}`.trim() : '' },
      ...(address
        ? [
            {
              label: 'Donor address',
              value: `${address.street}, ${address.city}, ${address.province} ${address.postalCode}`,
            },
          ]
        : []),
      { label: statementWords.emailLabel, value: latest?.email ?? '' },
      {
        label: statementWords.calendarYearLabel,
        value: fillMessage(documentMessages.calendarYear, { year: String(year), timeZone }),
      },
      { label: statementWords.issuedOnLabel, value: issuedOn(issuedAt, timeZone, locale) },
      { label: statementWords.giftsLabel, value: String(gifts.length) },
    ],
    gifts: gifts.flatMap((g) => [
      {
        // A corrected gift is listed under its corrected receipt's number.
        receiptNumber: g.correction?.receiptNumber ?? receiptNumberOf(g, timeZone),
        date: day.format(g.createdAt),
        center: g.centerName,
        amount: formatCents(giftAmount(g), g.currency, intl),
        deductible: formatCents(giftDeductible(g), g.currency, intl),
      },
      // The employer's payment matching it, under it: not the donor's gift, so no receipt
      // of theirs, nothing deductible by them, and outside the totals (which sum `gifts`).
      ...(g.employerMatch
        ? [
            {
              receiptNumber: '',
              date: day.format(new Date(`${g.employerMatch.receivedOn}T12:00:00Z`)),
              center: fillMessage(documentMessages.matchedBy, { employer: g.employerMatch.employer }),
              amount: formatCents(g.employerMatch.amountCents, g.employerMatch.currency, intl),
              deductible: formatCents(0, g.employerMatch.currency, intl),
            },
          ]
        : []),
    ]),
    totals: (currencies.length > 0 ? currencies : [entity?.currency ?? 'USD']).flatMap((currency) =>
      currencyTotals(
        gifts.filter((g) => g.currency === currency),
        wording.totals.map((message) => fillMessage(message, { year: String(year) })),
        currency,
        currencies.length > 1,
        intl,
      ),
    ),
    statements: wording.statements(giftsTo, year),
    signature: null,
    footer: [site.foundation.url],
  };
}

/** One currency's totals; named with the currency when the statement has gifts in more than one. */
function currencyTotals(
  gifts: readonly YearGift[],
  labels: readonly string[],
  currency: string,
  named: boolean,
  intl: string,
) {
  const total = gifts.reduce((sum, g) => sum + giftAmount(g), 0);
  const deductibleSum = gifts.reduce((sum, g) => sum + giftDeductible(g), 0);
  const [given = '', received = '', deductible = ''] = labels.map((label) =>
    named ? fillMessage(documentMessages.inCurrency, { label, currency }) : label,
  );
  return [
    { label: given, value: formatCents(total, currency, intl) },
    { label: received, value: formatCents(total - deductibleSum, currency, intl) },
    { label: deductible, value: formatCents(deductibleSum, currency, intl) },
  ];
}
