/**
 * An order's receipt as a tax authority reads it (issue 20), worded once for its three forms: the
 * PDF, the HTML e-mail and the text e-mail (receipts/tax-document.ts). A US center's receipt follows
 * IRS Publication 1771; a Canadian center's is a CRA official donation receipt when the foundation
 * has set out its Canadian details and the gift qualifies, and says it is not one otherwise.
 * A corrected or void receipt (a refund) is the same document with what it replaces.
 */
import { formatCents } from '@store/shared/money';
import { calendarDay, periodOf } from '@store/shared/monthly-giving';
import { entityOfCenter } from '@store/shared/prices';
import { RULES_OF_COUNTRY, type Site } from '@store/shared/site';
import type { OrderProduct } from '#src/modules/ledger/index';
import { receiptNumberOf } from '#src/modules/ledger/index';
import { formatDateTime, formatGiftDate } from '#src/modules/mail/date-format';
import {
  deductibleCents,
  keptLineDeductibles,
  lineValueReceivedCents,
  withFeeLine,
} from '#src/modules/receipts/deductible';
import type { ReceiptDocument, TaxDocumentLine, TaxFact } from '#src/modules/receipts/tax-document';
import { craNoEligibleAmount, taxIssuer, taxWords } from '#src/modules/receipts/tax-words';
import { RECEIPT_RULE_BUILDERS } from './receipt-rules';
import type { Money, ReceiptOrder as Order, ReceiptCorrection } from './receipt-rules/receipt-context';

export type { ReceiptCorrection } from './receipt-rules/receipt-context';

export type ReceiptDocumentOptions = {
  order: Order;
  // Entities name each center's receipt rules; without them, the rules of the center's country.
  site: Pick<Site, 'foundation' | 'centers' | 'taxReceipts'> & Partial<Pick<Site, 'entities'>>;
  /** The authorized signature's image (receipts/signature-image.ts), for a CRA receipt. */
  signature: Uint8Array | null;
  /** Set for a corrected or void receipt. */
  correction?: ReceiptCorrection | undefined;
};

const KIND_WORDS: Record<NonNullable<OrderProduct['benefit']>, string> = {
  none: 'Gift',
  goods: 'Gift with benefit',
  services: 'Gift with benefit',
  purchase: 'Purchase',
};

function benefitText(p: OrderProduct, money: Money): string | null {
  const benefit = p.benefit ?? 'none';
  if (benefit === 'none') return null;
  if (benefit === 'purchase') return `${p.benefitDescription ?? p.name} (a purchase)`;
  return `${p.benefitDescription ?? 'Goods or services'}, estimated value ${money(lineValueReceivedCents(p))}`;
}

const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * A line's name on the receipt. The checkout's monthly line pays the gift's first month: it is named
 * as the billing run names each later month's charge ('Open donation (monthly gift, January 2027)',
 * monthly-giving/claim-charges.ts), whose lines already carry it.
 */
function lineName(p: OrderProduct, order: Order, timeZone: string): string {
  if (p.monthly !== true || order.billingPeriod !== null) return p.name;
  const month = monthFormat.format(new Date(`${periodOf(calendarDay(order.createdAt, timeZone))}-15T12:00:00Z`));
  return `${p.name} (monthly gift, ${month})`;
}

function documentLine(p: OrderProduct, name: string, deductible: number, money: Money): TaxDocumentLine {
  return {
    name,
    kind: KIND_WORDS[p.benefit ?? 'none'],
    quantity: p.quantity,
    amount: money(p.unitCents * p.quantity),
    benefit: benefitText(p, money),
    deductible: money(deductible),
  };
}

/** The processing fee the donor covered: part of the gift, never goods or services received. */
function feeLine(feeCents: number, deductible: number, money: Money): TaxDocumentLine {
  return {
    name: 'Processing fee covered',
    kind: 'Gift',
    quantity: 1,
    amount: money(feeCents),
    benefit: null,
    deductible: money(deductible),
  };
}

/** 'Two reserved seats at the concert × 1': what came back, for the disclosure sentences. */
function receivedDescriptions(products: readonly OrderProduct[]): string[] {
  return products
    .filter((p) => p.benefit === 'goods' || p.benefit === 'services')
    .map((p) => `${p.benefitDescription ?? p.name}${p.quantity > 1 ? ` × ${p.quantity}` : ''}`);
}

function addressLine(order: Order): string | null {
  const a = order.donorAddress;
  return a ? `${a.street}, ${a.city}, ${a.province} ${a.postalCode}` : null;
}

function tributeFacts(order: Order): TaxFact[] {
  const tribute = order.tribute;
  if (!tribute) return [];
  return [
    { label: tribute.kind === 'memory' ? 'In memory of' : 'In honour of', value: tribute.name },
    ...(tribute.message ? [{ label: 'Tribute message', value: tribute.message }] : []),
  ];
}

export function buildReceiptDocument({ order, site, signature, correction }: ReceiptDocumentOptions): ReceiptDocument {
  const timeZone = site.foundation.timeZone;
  const center = site.centers.find((c) => c.id === order.centerId);
  // The rules follow the center's country, as they always have: a Toronto gift taken in US dollars
  // before entities keeps its CRA receipt, in the dollars it was paid in.
  const country = center?.country ?? 'US';
  const rules = (center && entityOfCenter(site.entities ?? [], center)?.receipts) ?? RULES_OF_COUNTRY[country];
  const money: Money = (cents) => formatCents(cents, order.currency);
  const originalNumber = receiptNumberOf(order, timeZone);
  const number = correction ? correction.receiptNumber : originalNumber;
  const paidCents = order.amountCents;
  const keptCents = correction ? correction.amountCents : paidCents;
  const valueCents = order.products.reduce((sum, p) => sum + lineValueReceivedCents(p), 0);
  // The order's deductible_cents follows its latest correction (correct-receipt.ts): the first
  // receipt, whenever it is written, says what was deductible before any refund.
  // The fee the donor covered is a line of its own, deductible in the gift's share.
  const feeCents = order.feeCoveredCents;
  const paidLines = withFeeLine(order.products, feeCents);
  const deductible = correction ? correction.deductibleCents : deductibleCents(paidCents, paidLines);
  // A corrected receipt's lines add up to its deductible amount: the refund took the gifts back first.
  const lineDeductibles = keptLineDeductibles(paidLines, paidCents - keptCents);
  const voided = correction?.kind === 'void';
  const received = receivedDescriptions(order.products);
  const purchases = order.products.filter((p) => p.benefit === 'purchase').map((p) => p.name);
  const giftDate = formatGiftDate(order, timeZone);
  // A CRA receipt issued after the gift (the address came later) shows both dates, as the CRA asks.
  const issuedAt = correction?.createdAt ?? order.receiptIssuedAt;
  const issued = issuedAt ? formatDateTime(issuedAt, timeZone) : null;
  // Until its address is added, the gift has the order's reference, not a number of the series.
  const awaitsAddress = order.receiptAwaitsAddress && !correction;
  const numberLabel = awaitsAddress ? 'Reference' : rules === 'ca-cra' ? 'Serial number' : 'Receipt number';

  const facts: TaxFact[] = [
    { label: numberLabel, value: number },
    { label: rules === 'ca-cra' ? 'Date the gift was received' : 'Date of gift', value: giftDate },
    ...(issued ? [{ label: 'Date of issue', value: issued }] : []),
    { label: 'Donor', value: `${order.firstName} ${order.lastName}`.trim() },
    ...(addressLine(order) ? [{ label: 'Donor address', value: addressLine(order) ?? '' }] : []),
    ...(order.studentName?.trim() ? [{ label: 'Student', value: order.studentName.trim() }] : []),
    // The gift's tribute, as the donor worded it (its card's recipient is not the receipt's business).
    ...tributeFacts(order),
    { label: 'Center', value: order.centerName },
    { label: 'Payment method', value: order.paymentMethod ?? 'Card' },
    // An offline gift (issue 21) has no gateway transaction: its payment method names the cheque or transfer.
    ...(order.source === 'offline' ? [] : [{ label: 'Transaction ID', value: order.transactionId ?? 'not available' }]),
  ];

  const refundFacts: TaxFact[] = correction
    ? [
        { label: 'Refunded', value: money(paidCents - keptCents) },
        { label: 'Amount kept by the foundation', value: money(keptCents) },
      ]
    : [];
  const replaces = correction
    ? // The staff's reason stays in the back office: it is an internal note, not the donor's business.
      `This ${voided ? 'notice' : 'receipt'} cancels and replaces receipt ${originalNumber} issued on ${giftDate}.`
    : null;
  const common = {
    type: 'receipt' as const,
    testNotice: order.test ? 'TEST – no payment was taken' : null,
    replaces,
    stamp: voided ? 'VOID' : null,
    lines: [
      ...order.products.map((p, i) => documentLine(p, lineName(p, order, timeZone), lineDeductibles[i] ?? 0, money)),
      ...(feeCents > 0 ? [feeLine(feeCents, lineDeductibles[order.products.length] ?? 0, money)] : []),
    ],
    footer: [`Order reference: ${order.id}`],
    // The donor's language, which the PDF and the e-mail are written in (receipts/pdf/tax-document-words.ts):
    // set only for another language, so an English receipt is the same document it always was.
    ...(order.locale === 'en' ? {} : { locale: order.locale }),
  };

  if (order.test) {
    return {
      ...common,
      title: 'Test receipt',
      issuer: taxIssuer(site.taxReceipts, country, site.foundation),
      facts,
      // A refunded test order says what was refunded too: the back office's refunds are tried in test mode first.
      totals: [{ label: 'Total', value: money(paidCents) }, ...refundFacts],
      statements: [taxWords.testStatement, ...(awaitsAddress ? [craNoEligibleAmount(taxWords.craAddAddress)] : [])],
      signature: null,
    };
  }

  if (voided) {
    return {
      ...common,
      title: 'Void receipt',
      issuer: taxIssuer(site.taxReceipts, country, site.foundation),
      facts,
      totals: [
        { label: 'Total paid', value: money(paidCents) },
        ...refundFacts,
        { label: 'Deductible amount', value: money(0) },
      ],
      statements: [`Receipt ${originalNumber} is void and may not be used for tax purposes.`],
      signature: null,
    };
  }

  return RECEIPT_RULE_BUILDERS[rules]({
    order,
    site,
    signature,
    correction,
    money,
    common,
    facts,
    refundFacts,
    paidCents,
    keptCents,
    valueCents,
    deductible,
    received,
    purchases,
    awaitsAddress,
  });
}
