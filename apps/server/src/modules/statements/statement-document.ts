/**
 * A donor's year-end giving statement (issue 20): every gift of the year with its receipt number,
 * date, amount and deductible part, and the year's totals, in the foundation's zone. A summary of
 * the receipts, which stay the official record: it says so. Gifts to each entity are in its own
 * currency: each gift's amounts are in its currency, and each currency has its own totals (never
 * added across: decision 0040).
 */
import { formatCents } from '@store/shared/money';
import type { Site } from '@store/shared/site';
import { receiptNumberOf } from '#src/modules/ledger/index';
import { formatDateTime } from '#src/modules/mail/date-format';
import { deductibleCents } from '#src/modules/receipts/deductible';
import type { StatementDocument } from '#src/modules/receipts/tax-document';
import { taxIssuer } from '#src/modules/receipts/tax-words';
import type { YearGift } from './year-gifts';

export type StatementOptions = {
  year: number;
  gifts: readonly YearGift[];
  site: Pick<Site, 'foundation' | 'centers' | 'taxReceipts'>;
  /** When the statement is made (its 'Issued on' date). */
  issuedAt: Date;
};

const dayFormat = (timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone });

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

export function buildStatementDocument({ year, gifts, site, issuedAt }: StatementOptions): StatementDocument {
  const timeZone = site.foundation.timeZone;
  const latest = gifts.at(-1);
  const day = dayFormat(timeZone);
  const currencies = [...new Set(gifts.map((g) => g.currency))];
  const address = latest?.donorAddress;
  return {
    type: 'statement',
    title: `Year-end giving statement ${year}`,
    testNotice: null,
    issuer: taxIssuer(site.taxReceipts, 'US', site.foundation),
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
      { label: 'E-mail', value: latest?.email ?? '' },
      { label: 'Calendar year', value: `January 1 – December 31, ${year} (${timeZone} time)` },
      { label: 'Issued on', value: formatDateTime(issuedAt, timeZone) },
      { label: 'Gifts', value: String(gifts.length) },
    ],
    gifts: gifts.map((g) => ({
      // A corrected gift is listed under its corrected receipt's number.
      receiptNumber: g.correction?.receiptNumber ?? receiptNumberOf(g, timeZone),
      date: day.format(g.createdAt),
      center: g.centerName,
      amount: formatCents(giftAmount(g), g.currency),
      deductible: formatCents(giftDeductible(g), g.currency),
    })),
    totals: (currencies.length > 0 ? currencies : ['USD']).flatMap((currency) =>
      currencyTotals(
        gifts.filter((g) => g.currency === currency),
        year,
        currency,
        currencies.length > 1,
      ),
    ),
    statements: [
      `This statement lists every gift you made to ${site.foundation.name} in ${year}, less any refunds. Each gift's receipt, numbered as above, is the official record for tax purposes; this statement sums them up.`,
      'Deductible amounts are what you paid minus the estimated fair market value of any goods or services you received (concert seats, books). Gifts to a Canadian center are receipted separately with a CRA official receipt.',
    ],
    signature: null,
    footer: [site.foundation.url],
  };
}

/** One currency's totals; named with the currency when the year has gifts in more than one. */
function currencyTotals(gifts: readonly YearGift[], year: number, currency: string, named: boolean) {
  const total = gifts.reduce((sum, g) => sum + giftAmount(g), 0);
  const deductible = gifts.reduce((sum, g) => sum + giftDeductible(g), 0);
  const suffix = named ? ` (${currency})` : '';
  return [
    { label: `Total given in ${year}${suffix}`, value: formatCents(total, currency) },
    { label: `Value of goods or services received${suffix}`, value: formatCents(total - deductible, currency) },
    { label: `Total deductible in ${year}${suffix}`, value: formatCents(deductible, currency) },
  ];
}
