/**
 * A Canadian center's receipt: a CRA official donation receipt (Income Tax Regulations s.3501) when
 * the Canadian charity's details are set out and the gift qualifies, and a receipt saying it is not
 * one otherwise. In the gift's currency: Canadian dollars since entities (an older Toronto gift
 * taken in US dollars keeps its dollars).
 */

import type { ReceiptDocument, TaxFact } from '#src/modules/receipts/tax-document';
import {
  CRA_MAX_ADVANTAGE_SHARE,
  craAdvantage,
  craNoEligibleAmount,
  taxIssuer,
  taxWords,
} from '#src/modules/receipts/tax-words';
import type { ReceiptContext } from './receipt-context';

export function craReceipt(context: ReceiptContext): ReceiptDocument {
  const { order, site, signature, correction, money, common, facts, refundFacts, paidCents, keptCents, valueCents } =
    context;
  const { received, purchases, awaitsAddress, deductible } = context;
  const ca = site.taxReceipts.canada;
  const advantage = Math.min(valueCents, keptCents);
  // A covered processing fee is eligible in the gift's share only: a purchase's fee is no gift.
  const eligible = Math.min(deductible, Math.max(0, keptCents - advantage));
  const why = !ca
    ? 'The foundation has not set out its Canadian charity details.'
    : awaitsAddress
      ? taxWords.craAddAddress
      : !order.donorAddress
        ? "The donor's address was not given."
        : eligible === 0
          ? 'Nothing in this payment is a gift: the value received equals the amount paid.'
          : advantage > CRA_MAX_ADVANTAGE_SHARE * keptCents
            ? 'The advantage received is more than 80% of the amount paid.'
            : null;
  const totals: TaxFact[] = [
    { label: 'Total amount received', value: money(paidCents) },
    ...refundFacts,
    { label: 'Amount of the advantage', value: money(advantage) },
    { label: 'Eligible amount of the gift', value: money(why ? 0 : eligible) },
  ];
  const disclosures = [
    ...(advantage > 0 ? [craAdvantage(advantage, [...received, ...purchases], order.currency)] : []),
  ];
  if (!ca || why) {
    return {
      ...common,
      title: correction ? 'Corrected receipt' : 'Donation receipt',
      issuer: taxIssuer(site.taxReceipts, 'CA', site.foundation),
      facts,
      totals,
      statements: [craNoEligibleAmount(why ?? ''), ...disclosures],
      signature: null,
    };
  }
  return {
    ...common,
    title: correction ? `${taxWords.craTitle} (replacement)` : taxWords.craTitle,
    issuer: taxIssuer(site.taxReceipts, 'CA', site.foundation),
    facts: [...facts, { label: 'Place of issue', value: ca.placeOfIssue }],
    totals,
    statements: [`${taxWords.craTitle}.`, ...disclosures],
    signature: { image: signature, name: ca.signatoryName, title: ca.signatoryTitle },
    footer: [taxWords.craWebsite, ...common.footer],
  };
}
