/**
 * Issue 22: the fake's vault, as the adapter uses Braintree's: POST .../customers (a customer, no
 * card) and POST .../payment_methods (a nonce stored as a customer's verified card, with a token).
 * A processor-declined test nonce fails verification (422, nothing stored), an unknown one is a
 * validation error. A later sale names the token (`payment_method_token`, transactions.ts), and
 * follows the amount rule of an approved card.
 */
import { randomBytes } from 'node:crypto';
import { record, text } from './json';
import { FAKE_NONCES } from './outcomes';
import { type FakeResponse, xml } from './transactions';
import { element, fields, leaf } from './xml';

export type VaultedCard = { token: string; customerId: string; isDefault: boolean };

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
  if (nonce !== FAKE_NONCES.valid && !nonce.startsWith('fake-valid-'))
    return refused('Unknown or expired payment_method_nonce.');
  const token = `tok${id()}`;
  if (options.make_default === true)
    for (const card of vault.cards.values()) if (card.customerId === customerId) card.isDefault = false;
  vault.cards.set(token, { token, customerId, isDefault: options.make_default === true });
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
