/**
 * Issue 22: the fake's vault, as the adapter uses Braintree's: POST .../customers (a customer, no
 * card) and POST .../payment_methods (a nonce stored as a customer's verified card, with a token).
 * A processor-declined test nonce fails verification (422, nothing stored), an unknown one is a
 * validation error. A later sale names the token (`payment_method_token`, transactions.ts), and
 * follows the amount rule of an approved card.
 */
import { randomBytes } from 'node:crypto';
import { WALLET_TEST_NONCES } from '@store/shared/payment-methods';
import { record, text } from './json';
import { FAKE_NONCES, type FakeInstrument, instrumentOf } from './outcomes';
import { type FakeResponse, xml } from './transactions';
import { element, fields, leaf } from './xml';

export type VaultedCard = { token: string; customerId: string; isDefault: boolean; instrument: FakeInstrument };

export class VaultStore {
  readonly customers = new Map<string, { firstName: string | null; lastName: string | null; email: string | null }>();
  readonly cards = new Map<string, VaultedCard>();
}

const id = () => randomBytes(6).toString('hex');

function refused(message: string): FakeResponse {
  return xml(
    422,
    element('api-error-response', [
      element('errors', [element('errors', [], { type: 'array' })]),
      leaf('message', message),
    ]),
  );
}

export function createCustomer(body: unknown, vault: VaultStore): FakeResponse {
  const input = record(body, 'customer');
  const customerId = id();
  const customer = {
    firstName: text(input, 'first_name'),
    lastName: text(input, 'last_name'),
    email: text(input, 'email'),
  };
  vault.customers.set(customerId, customer);
  const xmlCustomer = fields('customer', { id: customerId, ...customer }).replace(
    /<\/customer>$/,
    `${element('credit-cards', [], { type: 'array' })}</customer>`,
  );
  return xml(201, xmlCustomer);
}

export function createPaymentMethod(body: unknown, vault: VaultStore): FakeResponse {
  const input = record(body, 'payment_method');
  const customerId = text(input, 'customer_id') ?? '';
  const nonce = text(input, 'payment_method_nonce');
  const options = record(input, 'options');
  if (!vault.customers.has(customerId)) return refused('Customer ID is invalid.');
  if (nonce === null || !nonce.startsWith('fake-')) return refused('Unknown or expired payment_method_nonce.');
  if (nonce.startsWith('fake-processor-declined-') && options.verify_card === true) return refused('Do Not Honor');
  // Braintree vaults a PayPal account only from a billing agreement, never a one-time payment.
  if (nonce === WALLET_TEST_NONCES.paypal)
    return refused('Cannot vault a PayPal account created with a one-time payment (a billing agreement is needed).');
  const instrument = instrumentOf(nonce);
  if (instrument === 'credit_card' && nonce !== FAKE_NONCES.valid && !nonce.startsWith('fake-valid-'))
    return refused('Unknown or expired payment_method_nonce.');
  const token = `tok${id()}`;
  if (options.make_default === true)
    for (const card of vault.cards.values()) if (card.customerId === customerId) card.isDefault = false;
  vault.cards.set(token, { token, customerId, isDefault: options.make_default === true, instrument });
  if (instrument !== 'credit_card') return xml(201, storedWallet(instrument, token, customerId));
  return xml(
    201,
    fields('credit-card', {
      token,
      customerId,
      cardType: 'Visa',
      last4: '1111',
      expirationMonth: '12',
      expirationYear: '2030',
      default: options.make_default === true,
    }),
  );
}

/** A stored wallet as Braintree answers it: its own element, which the SDK parses into its own class. */
function storedWallet(instrument: Exclude<FakeInstrument, 'credit_card'>, token: string, customerId: string): string {
  switch (instrument) {
    case 'paypal_account':
      return fields('paypal-account', { token, customerId, email: 'jane.doe@paypal.com', default: true });
    case 'venmo_account':
      return fields('venmo-account', { token, customerId, username: 'venmojoe', default: true });
    case 'apple_pay_card':
      return fields('apple-pay-card', {
        token,
        customerId,
        cardType: 'Apple Pay - Visa',
        last4: '1881',
        paymentInstrumentName: 'Visa 8886',
        expirationMonth: '12',
        expirationYear: '2030',
      });
    case 'android_pay_card':
      return fields('android-pay-card', {
        token,
        customerId,
        virtualCardType: 'Visa',
        virtualCardLast4: '1881',
        sourceCardType: 'Visa',
        sourceCardLast4: '1111',
        expirationMonth: '12',
        expirationYear: '2030',
      });
  }
}
