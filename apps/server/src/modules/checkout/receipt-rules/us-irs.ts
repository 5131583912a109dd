/** A US center's receipt, as IRS Publication 1771 asks: the quid pro quo disclosure, the EIN, the deductible part. */
import { lineValueReceivedCents } from '#src/modules/receipts/deductible';
import type { ReceiptDocument } from '#src/modules/receipts/tax-document';
import { purchasesAreNotGifts, quidProQuo, taxIssuer, taxWords, usExemptStatus } from '#src/modules/receipts/tax-words';
import type { ReceiptContext } from './receipt-context';

export function irsReceipt(context: ReceiptContext): ReceiptDocument {
  const { order, site, correction, money, common, facts, refundFacts, paidCents, keptCents, valueCents } = context;
  const { deductible, received, purchases } = context;
  const us = site.taxReceipts.us;
  const statements: string[] = [];
  if (!us) statements.push(taxWords.usNotConfigured);
  if (received.length === 0 && purchases.length === 0) statements.push(taxWords.noGoodsOrServices);
  if (received.length > 0) {
    const serviceValue = order.products
      .filter((p) => p.benefit === 'goods' || p.benefit === 'services')
      .reduce((sum, p) => sum + lineValueReceivedCents(p), 0);
    statements.push(quidProQuo(serviceValue, received, deductible, correction !== undefined, order.currency));
  }
  if (purchases.length > 0) statements.push(purchasesAreNotGifts(purchases));
  if (us) statements.push(usExemptStatus(us), taxWords.keepForRecords);
  return {
    ...common,
    title: correction ? 'Corrected donation receipt' : 'Donation receipt',
    issuer: taxIssuer(site.taxReceipts, 'US', site.foundation),
    facts,
    totals: [
      { label: 'Total paid', value: money(paidCents) },
      ...refundFacts,
      { label: 'Value of goods or services received', value: money(Math.min(valueCents, keptCents)) },
      { label: 'Tax-deductible amount', value: money(deductible) },
    ],
    statements,
    signature: null,
  };
}
