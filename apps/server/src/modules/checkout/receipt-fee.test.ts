/**
 * The processing fee a donor covered on each country's receipt: a line of its own, part
 * of the gift (deductible in the gift's share, never "goods or services received" nor a CRA
 * advantage), and a corrected receipt after a refund keeps the same figures line by line.
 */
import { coveredFeeCents, DEFAULT_PROCESSING_FEE } from '@store/shared/processing-fee';
import { describe, expect, it } from 'vitest';
import type { Order } from '#src/modules/ledger/index';
import { deductibleCents, withFeeLine } from '#src/modules/receipts/deductible';
import { BOOK_LINE, giftLine, paidOrderRow, receiptTestSite } from '../../../test/tax-lines';
import { renderReceipt } from './receipt';

const site = receiptTestSite('UTC');

// The book ($5, bought) and a $100 gift, the fee covered: $3.45, of which 100/105 ($3.29) is a gift.
const products = [BOOK_LINE, giftLine(10_000)];
const FEE = coveredFeeCents(10_500, DEFAULT_PROCESSING_FEE);
const withFee = (overrides: Partial<Order> = {}) =>
  paidOrderRow({
    products,
    amountCents: 10_500 + FEE,
    feeCoveredCents: FEE,
    deductibleCents: 10_329,
    centerId: 1,
    centerName: 'Bay Area Center, California',
    ...overrides,
  });

describe('the covered fee on a receipt', () => {
  it('is a gift line on an IRS receipt: deductible in the gift share, not goods received', () => {
    expect(FEE).toBe(345);
    const { text, html } = renderReceipt({ order: withFee(), site });
    for (const body of [text, html]) expect(body).toContain('Processing fee covered');
    expect(text).toMatch(/Processing fee covered[^\n]*\$3\.45[^\n]*\$3\.29/);
    expect(text).toContain('Total paid: $108.45');
    expect(text).toContain('Value of goods or services received: $5.00');
    expect(text).toContain('Tax-deductible amount: $103.29');
  });

  it('is no advantage on a CRA receipt, and Gift Aid counts the gift with its fee', () => {
    const cra = renderReceipt({
      order: withFee({
        centerId: 7,
        centerName: 'Toronto Center, Canada',
        currency: 'CAD',
        donorAddress: { street: '12 Finch Ave', city: 'Toronto', province: 'ON', postalCode: 'M2N 1A1' },
      }),
      site,
    }).text;
    expect(cra).toMatch(/Processing fee covered[^\n]*CA\$3\.45/);
    expect(cra).toContain('Amount of the advantage: CA$5.00');
    expect(cra).toContain('Eligible amount of the gift: CA$103.29');
    const uk = renderReceipt({
      order: withFee({ centerId: 9, centerName: 'Leicester Center', currency: 'GBP' }),
      site,
    }).text;
    expect(uk).toMatch(/Processing fee covered[^\n]*£3\.45/);
    expect(uk).toContain('Gift: £103.29');
  });

  it('keeps its deductible share on a corrected receipt after a refund', () => {
    const order = withFee();
    const kept = order.amountCents - 5000;
    const deductible = deductibleCents(kept, withFeeLine(order.products, order.feeCoveredCents));
    expect(deductible).toBe(5329);
    const { text } = renderReceipt({
      order,
      site,
      correction: {
        id: '00000000-0000-4000-8000-000000000001',
        orderId: order.id,
        kind: 'corrected',
        version: 1,
        receiptNumber: '2026-000123-C1',
        amountCents: kept,
        deductibleCents: deductible,
        reason: 'Partial refund of $50.00',
        idempotencyKey: 'k',
        createdAt: new Date('2026-12-01T10:00:00Z'),
      },
    });
    expect(text).toContain('Refunded: $50.00');
    expect(text).toMatch(/Processing fee covered[^\n]*\$3\.45[^\n]*\$3\.29/);
    expect(text).toContain('Tax-deductible amount: $53.29');
  });
});
