/**
 * A UK center's receipt. The UK has no deductibility receipt: the gift is confirmed, and the receipt
 * says whether the donor declared Gift Aid, quoting the declaration they made (HMRC asks the charity
 * to keep it, and the donor to be told how to cancel it).
 */
import type { ReceiptDocument } from '#src/modules/receipts/tax-document';
import { taxIssuer, taxWords } from '#src/modules/receipts/tax-words';
import type { ReceiptContext } from './receipt-context';

export function giftAidReceipt(context: ReceiptContext): ReceiptDocument {
  const { order, site, correction, money, common, facts, refundFacts, paidCents, keptCents, deductible } = context;
  const declaration = order.giftAid;
  const statements = declaration
    ? [taxWords.giftAidDeclared, `"${declaration.wording}"`, taxWords.giftAidKeepUsInformed]
    : [taxWords.giftAidNotDeclared];
  return {
    ...common,
    title: correction ? 'Corrected donation receipt' : 'Donation receipt',
    issuer: taxIssuer(site.taxReceipts, 'GB', site.foundation),
    facts: [
      ...facts,
      ...(declaration
        ? [{ label: 'Gift Aid declared for', value: `${declaration.house}, ${declaration.postcode}` }]
        : []),
    ],
    totals: [
      { label: 'Total paid', value: money(paidCents) },
      ...refundFacts,
      // The gift part, on which Gift Aid is claimed (what was bought is not a donation).
      { label: 'Gift', value: money(Math.min(deductible, keptCents)) },
      { label: 'Gift Aid', value: declaration ? 'Declared' : 'Not declared' },
    ],
    statements: [
      ...statements,
      ...(site.taxReceipts.uk ? [taxWords.ukNotTaxReceipt] : [taxWords.ukNotConfigured, taxWords.ukNotTaxReceipt]),
    ],
    signature: null,
  };
}
