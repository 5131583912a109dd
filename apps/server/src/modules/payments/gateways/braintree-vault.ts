/**
 * Braintree's vault (issue 22) for the `braintree` gateway: the card becomes a customer's default
 * payment method (`paymentMethod.create` with the nonce, `makeDefault` and `verifyCard`: a card the
 * issuer declines is not stored). A new donor's customer is created first (`customer.create`, with
 * no card: one path stores every card; a customer left without a card by a refused one is harmless).
 * A refused verification or a bad nonce is
 * not an exception: the SDK resolves `{ success: false, message }`, answered as 'failed'. Only the
 * token, brand, last four and expiry are read from the answer; nothing of it is logged.
 */
import { PAYMENT_METHOD_NAMES } from '@store/shared/payment-methods';
import type { VaultInput, VaultOutcome } from '../gateway';
import { storedInstrument } from './braintree-instrument';
import { withCreditHint } from './sandbox-outcomes';

/** The part of the SDK the vault uses, typed as the SDK behaves (answers are narrowed from unknown). */
export type SdkVault = {
  customer: {
    create(request: { firstName: string; lastName: string; email: string }): Promise<unknown>;
  };
  paymentMethod: {
    create(request: {
      customerId: string;
      paymentMethodNonce: string;
      options: { makeDefault: boolean; verifyCard: boolean };
    }): Promise<unknown>;
  };
};

const REFUSED_MESSAGE = 'The card could not be verified. Please check your information or use another card.';

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const month = (value: unknown): number | null => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/**
 * The stored card of `paymentMethod.create`'s answer. or the wallet's account: a PayPal or
 * Venmo account is kept under the wallet's name with no digits; Apple Pay and Google Pay as the card
 * they hold (braintree-instrument.ts).
 */
function storedCard(response: Record<string, unknown>, customerId: string, input: VaultInput): VaultOutcome | null {
  const method = record(response.paymentMethod);
  const token = text(method.token);
  if (!token) return null;
  const instrument = storedInstrument(response.paymentMethod);
  const kind = withCreditHint(instrument.kind, input.methodHint);
  const expiry = { expMonth: month(method.expirationMonth), expYear: month(method.expirationYear) };
  const card = instrument.card
    ? { ...instrument.card, ...expiry }
    : kind === 'card'
      ? { brand: text(method.cardType) || 'Card', lastFour: text(method.last4), ...expiry }
      : { brand: PAYMENT_METHOD_NAMES[kind], lastFour: '', expMonth: null, expYear: null };
  return { status: 'stored', customerId, paymentMethodToken: token, card, kind };
}

/** `call` failures (network, timeout, 5xx) are the caller's to turn into GatewayUnavailableError. */
export async function vaultCard(sdk: SdkVault, input: VaultInput): Promise<VaultOutcome> {
  let customerId = input.customerId;
  if (customerId === undefined) {
    const created = record(await sdk.customer.create({ ...input.customer }));
    customerId = text(record(created.customer).id);
    if (created.success !== true || !customerId) return { status: 'failed', message: REFUSED_MESSAGE };
  }
  const result = await sdk.paymentMethod.create({
    customerId,
    paymentMethodNonce: input.nonce,
    options: { makeDefault: true, verifyCard: true },
  });
  const response = record(result);
  if (response.success !== true) return { status: 'failed', message: REFUSED_MESSAGE };
  const stored = storedCard(response, customerId, input);
  if (!stored) return { status: 'failed', message: REFUSED_MESSAGE };
  return stored;
}
