/**
 * Issue 21: the transaction endpoints the refund adapter calls, as Braintree answers them:
 *   GET  .../transactions/:id          the transaction (status, amount, refund ids);
 *   PUT  .../transactions/:id/void     cancels a sale not settled yet (422 once settled);
 *   POST .../transactions/:id/refund   a credit for part or all of a settled sale (422 before, or
 *                                      past what is left), carrying the caller's order id.
 */
import { parseAmountCents } from '#src/modules/payments/gateways/braintree';
import { record, text } from './json';
import type { FakeSale, SalesStore } from './sales-store';
import { type FakeResponse, transactionXml, xml } from './transactions';
import { element, fields, leaf } from './xml';

const VOIDABLE = new Set(['authorized', 'submitted_for_settlement']);

export function findTransaction(id: string, store: SalesStore): FakeResponse {
  const sale = store.byId(id);
  if (!sale) return { kind: 'status', status: 404, message: 'Not Found' };
  return xml(200, transactionXml(sale));
}

export function voidSale(id: string, store: SalesStore): FakeResponse {
  const sale = store.byId(id);
  if (!sale) return { kind: 'status', status: 404, message: 'Not Found' };
  if (!VOIDABLE.has(sale.status))
    return refused('Transaction can only be voided if status is authorized or submitted_for_settlement.');
  sale.status = 'voided';
  return xml(200, transactionXml(sale));
}

function refundedCents(sale: FakeSale, store: SalesStore): number {
  return sale.refundIds.reduce((sum, id) => sum + (parseAmountCents(store.byId(id)?.amount ?? '0') ?? 0), 0);
}

export function refundSale(id: string, body: unknown, store: SalesStore): FakeResponse {
  const sale = store.byId(id);
  if (!sale) return { kind: 'status', status: 404, message: 'Not Found' };
  if (sale.status !== 'settled') return refused('Cannot refund a transaction unless it is settled.');
  const input = record(body, 'transaction');
  const amount = text(input, 'amount') ?? sale.amount;
  const cents = parseAmountCents(amount);
  const saleCents = parseAmountCents(sale.amount) ?? 0;
  if (cents === null || cents <= 0 || cents + refundedCents(sale, store) > saleCents) {
    return refused('Refund amount is too large.');
  }
  return xml(201, transactionXml(store.addRefund(sale, amount, text(input, 'order_id'))));
}

/** A 422 with Braintree's message: the SDK resolves `{ success: false, message }`. */
function refused(message: string): FakeResponse {
  return xml(
    422,
    element('api-error-response', [
      element('errors', [element('errors', [], { type: 'array' })]),
      fields('params', {}),
      leaf('message', message),
    ]),
  );
}
