/**
 * The transaction endpoints: sale, and the two-step search the SDK performs
 * (lib/braintree/gateway.js createSearchResponse + pagingFunctionGenerator):
 *   1. POST .../transactions/advanced_search_ids  -> <search-results> with page-size and the ids;
 *   2. POST .../transactions/advanced_search      -> <credit-card-transactions> holding those ids,
 *      asked page by page with the same criteria plus `ids: [...]`.
 * The SDK's result stream waits for exactly one transaction per id it was given; answering fewer
 * would hang it, so both steps read the same store with the same filter.
 */
import { isRecord, record, stringList, text } from './json';
import { decideSale, FAKE_NONCES, type FakeInstrument, instrumentOf, type ValidationError } from './outcomes';
import type { FakeSale, SalesStore } from './sales-store';
import type { VaultStore } from './vault';
import { array, collection, element, escapeXml, fields, leaf, type XmlFields, xmlDocument } from './xml';

export type FakeResponse =
  | { kind: 'xml'; status: number; body: string }
  | { kind: 'status'; status: number; message: string }
  | { kind: 'hang' };

/** Braintree pages search results by 50; the SDK reads the number from the answer. */
const PAGE_SIZE = 50;

/**
 * The fake merchant's accounts and their currencies, as a Braintree merchant with a USD, a CAD and a
 * GBP account has them; a sale without `merchant_account_id` goes to the default (USD) one.
 */
export const FAKE_MERCHANT_ACCOUNTS: Readonly<Record<string, string>> = {
  fake_merchant_account: 'USD',
  fake_cad_account: 'CAD',
  fake_gbp_account: 'GBP',
};
const DEFAULT_MERCHANT_ACCOUNT = 'fake_merchant_account';
/** Braintree's answer to an account the merchant does not have. */
const unknownMerchantAccount: ValidationError = {
  code: '91577',
  attribute: 'merchant_account_id',
  message: 'Merchant account ID is invalid.',
};

export function createSale(body: unknown, store: SalesStore, vault?: VaultStore): FakeResponse {
  const input = record(body, 'transaction');
  if (text(input, 'type') !== 'sale') return { kind: 'status', status: 400, message: 'the fake only supports sales' };
  const amount = text(input, 'amount');
  const orderId = text(input, 'order_id');
  // Issue 22: a vaulted card's token stands for an approved card (then the amount rule decides).
  const token = text(input, 'payment_method_token');
  const stored = token === null ? undefined : vault?.cards.get(token);
  const nonce = token === null ? text(input, 'payment_method_nonce') : stored ? FAKE_NONCES.valid : '';
  const instrument = stored ? stored.instrument : instrumentOf(nonce);
  const merchantAccountId = text(input, 'merchant_account_id') ?? DEFAULT_MERCHANT_ACCOUNT;
  const currencyIsoCode = FAKE_MERCHANT_ACCOUNTS[merchantAccountId];
  if (currencyIsoCode === undefined)
    return xml(422, validationErrorResponse([unknownMerchantAccount], amount, orderId));
  const decision = decideSale(nonce, amount);

  if (decision.kind === 'hang') return { kind: 'hang' };
  if (decision.kind === 'server-error') return { kind: 'status', status: 500, message: 'Internal Server Error' };
  if (decision.kind === 'validation') return xml(422, validationErrorResponse(decision.errors, amount, orderId));

  const customer = record(input, 'customer');
  const submitForSettlement = record(input, 'options').submit_for_settlement === true;
  const approved = decision.status === 'submitted_for_settlement';
  const sale = store.add({
    status: approved && !submitForSettlement ? 'authorized' : decision.status,
    amount: amount ?? '',
    orderId,
    submitForSettlement,
    customer: {
      firstName: text(customer, 'first_name'),
      lastName: text(customer, 'last_name'),
      email: text(customer, 'email'),
    },
    processorResponseCode: decision.code,
    processorResponseText: decision.text,
    processorResponseType: decision.type,
    gatewayRejectionReason: decision.gatewayRejectionReason,
    paymentMethodToken: token,
    transactionSource: text(input, 'transaction_source'),
    merchantAccountId,
    currencyIsoCode,
    instrument,
  });
  if (approved) return xml(201, transactionXml(sale));
  // Declines and rejections are a 422 "error response" that still carries the transaction.
  const message =
    sale.status === 'gateway_rejected'
      ? `Gateway Rejected: ${sale.gatewayRejectionReason}`
      : sale.processorResponseText;
  return xml(422, errorResponse([], message, amount, orderId, transactionXml(sale)));
}

export function searchTransactionIds(body: unknown, store: SalesStore): FakeResponse {
  const found = search(body, store);
  if ('unsupported' in found) return unsupported(found.unsupported);
  const ids = array(
    'ids',
    found.map((sale) => leaf('item', sale.id)),
  );
  return xml(200, element('search-results', [leaf('page-size', PAGE_SIZE), ids]));
}

export function searchTransactions(body: unknown, store: SalesStore): FakeResponse {
  const found = search(body, store);
  if ('unsupported' in found) return unsupported(found.unsupported);
  const page = [leaf('current-page-number', 1), leaf('page-size', PAGE_SIZE), leaf('total-items', found.length)];
  return xml(200, collection('credit-card-transactions', [...page, ...found.map(transactionXml)]));
}

/** Supports the criteria the adapter and the SDK's paging use: order_id / id `is`, and `ids`. */
function search(body: unknown, store: SalesStore): FakeSale[] | { unsupported: string } {
  const criteria = record(body, 'search');
  let sales = [...store.all()];
  for (const key of Object.keys(criteria)) {
    if (key === 'ids') {
      const ids = stringList(criteria, 'ids') ?? [];
      sales = sales.filter((sale) => ids.includes(sale.id));
    } else if (key === 'order_id' || key === 'id') {
      const node = criteria[key];
      const wanted = isRecord(node) ? text(node, 'is') : null;
      if (wanted === null) return { unsupported: `${key} without 'is'` };
      sales = sales.filter((sale) => (key === 'id' ? sale.id : sale.orderId) === wanted);
    } else {
      return { unsupported: key };
    }
  }
  return sales;
}

export function transactionXml(sale: FakeSale): string {
  const base = fields('transaction', {
    id: sale.id,
    status: sale.status,
    type: sale.type,
    currencyIsoCode: sale.currencyIsoCode ?? 'USD',
    amount: sale.amount,
    orderId: sale.orderId,
    merchantAccountId: sale.merchantAccountId ?? DEFAULT_MERCHANT_ACCOUNT,
    processorResponseCode: sale.processorResponseCode,
    processorResponseText: sale.processorResponseText,
    processorResponseType: sale.processorResponseType,
    gatewayRejectionReason: sale.gatewayRejectionReason,
    createdAt: sale.createdAt,
    updatedAt: sale.createdAt,
    paymentInstrumentType: sale.instrument ?? 'credit_card',
    customer: { id: null, ...sale.customer },
    ...instrumentDetails(sale.instrument ?? 'credit_card'),
    refundedTransactionId: sale.refundedTransactionId,
  });
  // Issue 21: the sale's refunds, as an array the SDK reads back as `refundIds`.
  const refundIds = array(
    'refund-ids',
    sale.refundIds.map((id) => leaf('item', id)),
  );
  return base.replace(/<\/transaction>$/, `${refundIds}</transaction>`);
}

/**
 * The payment's details as Braintree sends them with a transaction, for its test nonces:
 * a fixed test card (the fake never sees card data, only nonces); Apple Pay's Visa "Visa 8886"
 * (its token's own last4 differs); Google Pay's virtual card over the donor's Visa ending in 1111.
 */
function instrumentDetails(instrument: FakeInstrument): XmlFields {
  switch (instrument) {
    case 'paypal_account':
      return { paypal: { payerEmail: 'jane.doe@paypal.com', payerId: 'FAKEPAYER1' } };
    case 'venmo_account':
      return { venmoAccount: { username: 'venmojoe', venmoUserId: 'Venmo-Joe-1' } };
    case 'apple_pay_card':
      return {
        applePay: {
          cardType: 'Apple Pay - Visa',
          last4: '1881',
          paymentInstrumentName: 'Visa 8886',
          sourceDescription: 'Visa 8886',
          expirationMonth: '12',
          expirationYear: '2030',
        },
      };
    case 'android_pay_card':
      return {
        androidPayCard: {
          virtualCardType: 'Visa',
          virtualCardLast4: '1881',
          sourceCardType: 'Visa',
          sourceCardLast4: '1111',
          sourceDescription: 'Visa 1111',
          expirationMonth: '12',
          expirationYear: '2030',
        },
      };
    case 'credit_card':
      return {
        creditCard: { bin: '411111', last4: '1111', cardType: 'Visa', expirationMonth: '12', expirationYear: '2030' },
      };
  }
}

function validationErrorResponse(errors: ValidationError[], amount: string | null, orderId: string | null): string {
  const transactionErrors = element('transaction', [
    array(
      'errors',
      errors.map((error) =>
        element('error', [leaf('code', error.code), attributeLeaf(error.attribute), leaf('message', error.message)]),
      ),
    ),
  ]);
  return errorResponse([transactionErrors], errors.map((error) => error.message).join('\n'), amount, orderId);
}

/** `<api-error-response>`: the SDK turns it into `{ success: false, message, errors, transaction? }`. */
function errorResponse(
  nestedErrors: string[],
  message: string,
  amount: string | null,
  orderId: string | null,
  transaction?: string,
): string {
  const children = [
    element('errors', [array('errors', []), ...nestedErrors]),
    fields('params', { transaction: { type: 'sale', amount: amount ?? undefined, orderId: orderId ?? undefined } }),
    leaf('message', message),
  ];
  if (transaction !== undefined) children.push(transaction);
  return element('api-error-response', children);
}

function attributeLeaf(attribute: string): string {
  return element('attribute', [escapeXml(attribute)], { type: 'symbol' });
}

/** Loud on purpose: a test that needs more of the search API should see why the fake refused. */
function unsupported(what: string): FakeResponse {
  return { kind: 'status', status: 400, message: `the fake does not support this search: ${what}` };
}

export function xml(status: number, root: string): FakeResponse {
  return { kind: 'xml', status, body: xmlDocument(root) };
}
