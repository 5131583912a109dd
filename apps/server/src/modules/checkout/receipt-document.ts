/**
 * An order's receipt as a tax authority reads it (issue 20), worded once for its three forms: the
 * PDF, the HTML e-mail and the text e-mail (receipts/tax-document.ts). A US center's receipt follows
 * IRS Publication 1771; a Canadian center's is a CRA official donation receipt when the foundation
 * has set out its Canadian details and the gift qualifies, and says it is not one otherwise.
 * A corrected or void receipt (a refund) is the same document with what it replaces.
 */
import { formatCents } from '@store/shared/money';
import { calendarDay, periodOf } from '@store/shared/monthly-giving';
import type { Site } from '@store/shared/site';
import { formatDateTime, formatGiftDate } from '#src/modules/mail/date-format';
import { deductibleCents, keptLineDeductibles, lineValueReceivedCents } from '#src/modules/receipts/deductible';
import { receiptNumberOf } from '#src/modules/receipts/receipt-number';
import type { ReceiptDocument, TaxDocumentLine, TaxFact } from '#src/modules/receipts/tax-document';
import {
  CRA_MAX_ADVANTAGE_SHARE,
  craAdvantage,
  craNoEligibleAmount,
  purchasesAreNotGifts,
  quidProQuo,
  taxIssuer,
  taxWords,
  usExemptStatus,
} from '#src/modules/receipts/tax-words';
import type { OrderProduct, orders, receiptCorrections } from './tables';

type Order = typeof orders.$inferSelect;
export type ReceiptCorrection = typeof receiptCorrections.$inferSelect;

export type ReceiptDocumentOptions = {
  order: Order;
  site: Pick<Site, 'foundation' | 'centers' | 'taxReceipts'>;
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

function benefitText(p: OrderProduct): string | null {
  const benefit = p.benefit ?? 'none';
  if (benefit === 'none') return null;
  if (benefit === 'purchase') return `${p.benefitDescription ?? p.name} (a purchase)`;
  return `${p.benefitDescription ?? 'Goods or services'}, estimated value ${formatCents(lineValueReceivedCents(p))}`;
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

function documentLine(p: OrderProduct, name: string, deductible: number): TaxDocumentLine {
  return {
    name,
    kind: KIND_WORDS[p.benefit ?? 'none'],
    quantity: p.quantity,
    amount: formatCents(p.unitCents * p.quantity),
    benefit: benefitText(p),
    deductible: formatCents(deductible),
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

export function buildReceiptDocument({ order, site, signature, correction }: ReceiptDocumentOptions): ReceiptDocument {
  const timeZone = site.foundation.timeZone;
  const center = site.centers.find((c) => c.id === order.centerId);
  const country = center?.country ?? 'US';
  const originalNumber = receiptNumberOf(order, timeZone);
  const number = correction ? correction.receiptNumber : originalNumber;
  const paidCents = order.amountCents;
  const keptCents = correction ? correction.amountCents : paidCents;
  const valueCents = order.products.reduce((sum, p) => sum + lineValueReceivedCents(p), 0);
  // The order's deductible_cents follows its latest correction (correct-receipt.ts): the first
  // receipt, whenever it is written, says what was deductible before any refund.
  const deductible = correction ? correction.deductibleCents : deductibleCents(paidCents, order.products);
  // A corrected receipt's lines add up to its deductible amount: the refund took the gifts back first.
  const lineDeductibles = keptLineDeductibles(order.products, paidCents - keptCents);
  const voided = correction?.kind === 'void';
  const received = receivedDescriptions(order.products);
  const purchases = order.products.filter((p) => p.benefit === 'purchase').map((p) => p.name);
  const giftDate = formatGiftDate(order, timeZone);
  // A CRA receipt issued after the gift (the address came later) shows both dates, as the CRA asks.
  const issuedAt = correction?.createdAt ?? order.receiptIssuedAt;
  const issued = issuedAt ? formatDateTime(issuedAt, timeZone) : null;
  // Until its address is added, the gift has the order's reference, not a number of the series.
  const awaitsAddress = order.receiptAwaitsAddress && !correction;
  const numberLabel = awaitsAddress ? 'Reference' : country === 'CA' ? 'Serial number' : 'Receipt number';

  const facts: TaxFact[] = [
    { label: numberLabel, value: number },
    { label: country === 'CA' ? 'Date the gift was received' : 'Date of gift', value: giftDate },
    ...(issued ? [{ label: 'Date of issue', value: issued }] : []),
    { label: 'Donor', value: `${order.firstName} ${order.lastName}`.trim() },
    ...(addressLine(order) ? [{ label: 'Donor address', value: addressLine(order) ?? '' }] : []),
    ...(order.studentName?.trim() ? [{ label: 'Student', value: order.studentName.trim() }] : []),
    { label: 'Center', value: order.centerName },
    { label: 'Payment method', value: order.paymentMethod ?? 'Card' },
    // An offline gift (issue 21) has no gateway transaction: its payment method names the cheque or transfer.
    ...(order.source === 'offline' ? [] : [{ label: 'Transaction ID', value: order.transactionId ?? 'not available' }]),
  ];

  const refundFacts: TaxFact[] = correction
    ? [
        { label: 'Refunded', value: formatCents(paidCents - keptCents) },
        { label: 'Amount kept by the foundation', value: formatCents(keptCents) },
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
    lines: order.products.map((p, i) => documentLine(p, lineName(p, order, timeZone), lineDeductibles[i] ?? 0)),
    footer: [`Order reference: ${order.id}`],
  };

  if (order.test) {
    return {
      ...common,
      title: 'Test receipt',
      issuer: taxIssuer(site.taxReceipts, country, site.foundation),
      facts,
      // A refunded test order says what was refunded too: the back office's refunds are tried in test mode first.
      totals: [{ label: 'Total', value: formatCents(paidCents) }, ...refundFacts],
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
        { label: 'Total paid', value: formatCents(paidCents) },
        ...refundFacts,
        { label: 'Deductible amount', value: formatCents(0) },
      ],
      statements: [`Receipt ${originalNumber} is void and may not be used for tax purposes.`],
      signature: null,
    };
  }

  if (country === 'CA') {
    const ca = site.taxReceipts.canada;
    const advantage = Math.min(valueCents, keptCents);
    const eligible = Math.max(0, keptCents - advantage);
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
      { label: 'Total amount received', value: formatCents(paidCents) },
      ...refundFacts,
      { label: 'Amount of the advantage', value: formatCents(advantage) },
      { label: 'Eligible amount of the gift', value: formatCents(why ? 0 : eligible) },
    ];
    const disclosures = [...(advantage > 0 ? [craAdvantage(advantage, [...received, ...purchases])] : [])];
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

  const us = site.taxReceipts.us;
  const statements: string[] = [];
  if (!us) statements.push(taxWords.usNotConfigured);
  if (received.length === 0 && purchases.length === 0) statements.push(taxWords.noGoodsOrServices);
  if (received.length > 0) {
    const serviceValue = order.products
      .filter((p) => p.benefit === 'goods' || p.benefit === 'services')
      .reduce((sum, p) => sum + lineValueReceivedCents(p), 0);
    statements.push(quidProQuo(serviceValue, received, deductible, correction !== undefined));
  }
  if (purchases.length > 0) statements.push(purchasesAreNotGifts(purchases));
  if (us) statements.push(usExemptStatus(us), taxWords.keepForRecords);
  return {
    ...common,
    title: correction ? 'Corrected donation receipt' : 'Donation receipt',
    issuer: taxIssuer(site.taxReceipts, 'US', site.foundation),
    facts,
    totals: [
      { label: 'Total paid', value: formatCents(paidCents) },
      ...refundFacts,
      { label: 'Value of goods or services received', value: formatCents(Math.min(valueCents, keptCents)) },
      { label: 'Tax-deductible amount', value: formatCents(deductible) },
    ],
    statements,
    signature: null,
  };
}
