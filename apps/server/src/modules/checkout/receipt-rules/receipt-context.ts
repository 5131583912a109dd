/**
 * What every receipt rule is given: the order and what the receipt's common part already worked
 * out (its facts, lines, refund and test notices). A rule adds its title, issuer, totals and legal
 * sentences: one file per country's rules (site.ts RECEIPT_RULES).
 */
import type { Site } from '@store/shared/site';
import type { Order, ReceiptCorrection } from '#src/modules/ledger/index';
import type { ReceiptDocument, TaxFact } from '#src/modules/receipts/tax-document';

export type ReceiptOrder = Order;
export type { ReceiptCorrection };

/** Minor units to text in the order's own currency: '$51.00', 'CA$51.00', '£25.00'. */
export type Money = (cents: number) => string;

export type ReceiptContext = {
  order: ReceiptOrder;
  site: Pick<Site, 'foundation' | 'taxReceipts'>;
  signature: Uint8Array | null;
  correction: ReceiptCorrection | undefined;
  money: Money;
  /** The parts every receipt shares: type, test notice, number's replacement sentence, stamp, lines, footer. */
  common: Omit<ReceiptDocument, 'title' | 'issuer' | 'facts' | 'totals' | 'statements' | 'signature'>;
  facts: TaxFact[];
  refundFacts: TaxFact[];
  paidCents: number;
  keptCents: number;
  /** Fair market value received for the whole order. */
  valueCents: number;
  deductible: number;
  /** What came back ('Two reserved seats at the concert × 2') and what was bought. */
  received: string[];
  purchases: string[];
  /** A CRA receipt still waiting for the donor's address. */
  awaitsAddress: boolean;
};
