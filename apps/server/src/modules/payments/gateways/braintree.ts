/**
 * The `braintree` gateway: the real Braintree Node SDK behind the PaymentGateway seam (DESIGN.md
 * "Payment gateways"). Tested offline against test/fake-braintree with the SDK pointed at it.
 *
 * What to know about the SDK (v3.40, read from node_modules/braintree/lib):
 *  - It ignores a `timeout` passed to the constructor: `Config` hard-codes 60 s, and `Http` reads
 *    `gateway.config.timeout` on every request, so the timeout is set on the config after creation.
 *    It is a socket inactivity timeout (node's `request.setTimeout`), not a total deadline.
 *  - Transport failures and HTTP errors reject with plain Errors tagged `type` ('unexpectedError'
 *    for timeouts and refused connections, 'authenticationError' for 401, 'serverError' for 500…).
 *  - A declined or rejected sale is NOT an exception: the gateway answers 422 and the SDK resolves
 *    `{ success: false, message, transaction }`; validation errors resolve the same way, without
 *    a transaction.
 *  - Search streams wait for exactly one transaction per id it listed; an inconsistent answer would
 *    leave the stream open forever, hence the deadline in `collect`.
 *  - @types/braintree is loose (`config: any`, `search(fn: any)`, sampleNotification typed as a
 *    Promise though it is synchronous), so the SDK is used through the small typed surface `Sdk`
 *    below (no cast needed) and every answer is narrowed from `unknown`.
 * Nonces, card data and customer details are never logged or put in error messages.
 */
import type { Readable } from 'node:stream';
import type { PaymentMethodKind } from '@store/shared/payment-methods';
import braintree from 'braintree';
import {
  type CardSummary,
  GatewayUnavailableError,
  type PaymentGateway,
  type ProcessorResponse,
  type RecordedRefund,
  type RecordedSale,
  type RefundInput,
  type RefundOutcome,
  type SaleInput,
  type SaleOutcome,
  type SaleSettlement,
  type VaultInput,
  type VaultOutcome,
  type WebhookEvent,
  WebhookSignatureError,
} from '../gateway';
import { transactionInstrument } from './braintree-instrument';
import { type SdkVault, vaultCard } from './braintree-vault';
import { withCreditHint } from './sandbox-outcomes';

export type BraintreeEnvironment = 'sandbox' | 'production' | { host: string; port: number; ssl: boolean };

export type BraintreeGatewayOptions = {
  environment: BraintreeEnvironment;
  merchantId: string;
  publicKey: string;
  privateKey: string;
  /** Socket inactivity timeout per request, in ms. Braintree's (and the SDK's) default is 60 s. */
  timeoutMs?: number;
};

// Defined beside the interface (both gateways throw it); re-exported for existing imports.
export { WebhookSignatureError };

const DEFAULT_TIMEOUT_MS = 60_000;

/** The part of the SDK this adapter uses, typed as the SDK really behaves. */
type SdkSearch = { orderId(): { is(value: string): void } };
type SdkSaleRequest = {
  amount: string;
  orderId: string;
  merchantAccountId?: string;
  options: { submitForSettlement: boolean };
} & (
  | { paymentMethodNonce: string; customer: { firstName: string; lastName: string; email: string } }
  /** Issue 22: a vaulted card; the customer is the vault's. */
  | { paymentMethodToken: string; transactionSource?: 'recurring' }
);
type Sdk = SdkVault & {
  config: { timeout: number };
  clientToken: { generate(params: Record<string, never>): Promise<unknown> };
  transaction: {
    sale(request: SdkSaleRequest): Promise<unknown>;
    find(transactionId: string): Promise<unknown>;
    void(transactionId: string): Promise<unknown>;
    /** @types/braintree says `(id, amount?)`; the SDK also takes `{ amount, orderId }` (see refundWithOrderId). */
    refund(transactionId: string, amount?: string): Promise<unknown>;
    search(build: (search: SdkSearch) => void): Readable;
  };
  webhookNotification: { parse(signature: string, payload: string): Promise<unknown> };
};

export function createBraintreeGateway(options: BraintreeGatewayOptions): PaymentGateway {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  // Typed as the narrow surface above: @types/braintree is assignable to it, and nothing else is used.
  const sdk: Sdk = new braintree.BraintreeGateway({
    environment: toSdkEnvironment(options.environment),
    merchantId: options.merchantId,
    publicKey: options.publicKey,
    privateKey: options.privateKey,
  });
  sdk.config.timeout = timeoutMs;
  const unavailable = (operation: string, error: unknown) => toGatewayError(operation, error, timeoutMs);

  async function find(transactionId: string): Promise<SdkSale> {
    let result: unknown;
    try {
      result = await sdk.transaction.find(transactionId);
    } catch (error) {
      throw unavailable('transaction lookup', error);
    }
    const record = asRecord(result);
    const sale = readTransaction(record);
    if (!sale) throw new GatewayUnavailableError(`Braintree gave no transaction ${transactionId}`);
    const refundIds = Array.isArray(record.refundIds)
      ? record.refundIds.filter((id): id is string => typeof id === 'string')
      : [];
    return { ...sale, refundIds };
  }

  /** What Braintree did for our refund id: the sale voided whole, or a refund carrying our id. */
  async function refundOf(sale: SdkSale, refundId: string): Promise<RecordedRefund | null> {
    if (sale.status === 'voided') {
      const amountCents = parseAmountCents(sale.amount) ?? 0;
      return { kind: 'void', gatewayRefundId: sale.id, amountCents };
    }
    for (const id of sale.refundIds) {
      const refund = await find(id);
      if (refund.orderId !== refundId) continue;
      const amountCents = parseAmountCents(refund.amount);
      if (amountCents === null) throw new GatewayUnavailableError(`Braintree refund ${id} has an unreadable amount`);
      return { kind: 'refund', gatewayRefundId: refund.id, amountCents };
    }
    return null;
  }

  return {
    name: 'braintree',
    // Braintree's sandbox takes its test cards and fake nonces and moves no money. Production (and
    // the tests' local fake of Braintree, which stands for it) does.
    test: options.environment === 'sandbox',

    async createClientToken() {
      let result: unknown;
      try {
        result = await sdk.clientToken.generate({});
      } catch (error) {
        throw unavailable('client token', error);
      }
      const token = asRecord(result).clientToken;
      if (typeof token === 'string' && token !== '') return token;
      throw new GatewayUnavailableError(`Braintree gave no client token: ${readString(asRecord(result), 'message')}`);
    },

    async sale(input: SaleInput): Promise<SaleOutcome> {
      const common = {
        amount: formatAmount(input.amountCents),
        orderId: input.orderId,
        ...(input.merchantAccountId ? { merchantAccountId: input.merchantAccountId } : {}),
        options: { submitForSettlement: true },
      };
      const request: SdkSaleRequest =
        'nonce' in input
          ? { ...common, paymentMethodNonce: input.nonce, customer: { ...input.customer } }
          : {
              ...common,
              paymentMethodToken: input.paymentMethodToken,
              ...(input.recurring ? { transactionSource: 'recurring' as const } : {}),
            };
      let result: unknown;
      try {
        result = await sdk.transaction.sale(request);
      } catch (error) {
        throw unavailable('sale', error);
      }
      const outcome = toSaleOutcome(result);
      const hint = 'nonce' in input ? input.methodHint : undefined;
      return outcome.status === 'succeeded' && outcome.kind
        ? { ...outcome, kind: withCreditHint(outcome.kind, hint) }
        : outcome;
    },

    async vault(input: VaultInput): Promise<VaultOutcome> {
      try {
        return await vaultCard(sdk, input);
      } catch (error) {
        throw unavailable('vault', error);
      }
    },

    async findSaleByOrderId(orderId: string): Promise<RecordedSale | null> {
      let found: unknown[];
      try {
        // Two requests (ids, then the page): give each its own timeout, plus slack.
        found = await collect(
          sdk.transaction.search((search) => search.orderId().is(orderId)),
          timeoutMs * 2 + 1_000,
        );
      } catch (error) {
        throw unavailable('transaction search', error);
      }
      const sales = found.map(readTransaction).filter((sale): sale is SdkTransaction => sale?.orderId === orderId);
      return mostRelevantSale(sales);
    },

    async saleSettlement(transactionId: string): Promise<SaleSettlement> {
      return settlementOf(await find(transactionId));
    },

    async refund(input: RefundInput): Promise<RefundOutcome> {
      // Braintree keeps no idempotency key for refunds: what an earlier attempt with our refund id
      // did is looked up first, so a retry after a lost answer never refunds twice.
      const sale = await find(input.transactionId);
      const earlier = await refundOf(sale, input.refundId);
      if (earlier) return { status: 'succeeded', kind: earlier.kind, gatewayRefundId: earlier.gatewayRefundId };
      if (settlementOf(sale) === 'unsettled') {
        if (!input.wholeSale) return { status: 'failed', message: NOT_SETTLED_MESSAGE, reason: 'not_settled' };
        let result: unknown;
        try {
          result = await sdk.transaction.void(input.transactionId);
        } catch (error) {
          throw unavailable('void', error);
        }
        if (asRecord(result).success === true) {
          return { status: 'succeeded', kind: 'void', gatewayRefundId: input.transactionId };
        }
        return { status: 'failed', message: validationMessage(asRecord(result)) };
      }
      let result: unknown;
      try {
        result = await refundWithOrderId(sdk, input.transactionId, {
          amount: formatAmount(input.amountCents),
          orderId: input.refundId,
        });
      } catch (error) {
        throw unavailable('refund', error);
      }
      const response = asRecord(result);
      const refund = readTransaction(response.transaction);
      if (response.success === true && refund)
        return { status: 'succeeded', kind: 'refund', gatewayRefundId: refund.id };
      if (response.success === true)
        throw new GatewayUnavailableError('Braintree reported a refund without a transaction');
      return { status: 'failed', message: validationMessage(response) };
    },

    async findRefund(refundId: string, transactionId: string): Promise<RecordedRefund | null> {
      return refundOf(await find(transactionId), refundId);
    },

    async parseWebhook(signature: string, payload: string): Promise<WebhookEvent> {
      let notification: unknown;
      try {
        notification = await sdk.webhookNotification.parse(signature, payload);
      } catch (error) {
        if (sdkErrorType(error) === 'invalidSignatureError') {
          throw new WebhookSignatureError(`Braintree webhook rejected: ${errorMessage(error)}`, { cause: error });
        }
        throw error;
      }
      return toWebhookEvent(notification);
    },
  };
}

function toSdkEnvironment(environment: BraintreeEnvironment): braintree.Environment {
  if (environment === 'sandbox') return braintree.Environment.Sandbox;
  if (environment === 'production') return braintree.Environment.Production;
  // A custom host (the test fake). authUrl is only used for OAuth links and GraphQL by features we
  // do not call; both point at the same host so nothing can leak to the real Braintree.
  const { host, port, ssl } = environment;
  const origin = `${ssl ? 'https' : 'http'}://${host}:${port}`;
  return new braintree.Environment(host, String(port), origin, ssl, host, String(port));
}

/** Integer cents to Braintree's amount format: 1234 -> '12.34'. */
export function formatAmount(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`Amount must be whole cents, got ${cents}`);
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** Braintree's amount string to integer cents: '12.34' -> 1234, '100' -> 10000; null when malformed. */
export function parseAmountCents(amount: string): number | null {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match?.[1]) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

// ---- sale results -------------------------------------------------------------------------------

type SdkTransaction = {
  id: string;
  status: string;
  amount: string;
  orderId: string | null;
  createdAt: string;
  processor?: ProcessorResponse;
  gatewayRejectionReason: string | null;
  card?: CardSummary;
  /** How it was paid (braintree-instrument.ts). */
  kind: PaymentMethodKind;
};

function toSaleOutcome(result: unknown): SaleOutcome {
  const response = asRecord(result);
  const transaction = readTransaction(response.transaction);
  if (response.success === true) {
    // A success without a transaction would be a broken answer: we cannot know what happened.
    if (!transaction) throw new GatewayUnavailableError('Braintree reported a successful sale without a transaction');
    const succeeded: SaleOutcome = {
      status: 'succeeded',
      transactionId: transaction.id,
      processor: transaction.processor ?? { code: '', text: '' },
    };
    if (transaction.card) succeeded.card = transaction.card;
    succeeded.kind = transaction.kind;
    return succeeded;
  }
  if (transaction) {
    const outcome: SaleOutcome = {
      status: 'failed',
      transactionId: transaction.id,
      message: declineMessage(transaction),
    };
    if (transaction.processor) outcome.processor = transaction.processor;
    return outcome;
  }
  return { status: 'failed', message: validationMessage(response) };
}

const REJECTION_MESSAGES: Record<string, string> = {
  avs: 'The billing address did not match the card.',
  cvv: 'The security code (CVV) did not match the card.',
  avs_and_cvv: 'The billing address and security code did not match the card.',
  duplicate: 'An identical payment was made moments ago, so this one was not charged.',
  fraud: 'Payment was refused by fraud protection.',
  risk_threshold: 'Payment was refused by fraud protection.',
  three_d_secure: 'The card could not be verified with its issuer (3-D Secure).',
};

function declineMessage(transaction: SdkTransaction): string {
  switch (transaction.status) {
    case 'processor_declined':
      return 'Payment was declined by the card issuer.';
    case 'gateway_rejected':
      return (
        REJECTION_MESSAGES[transaction.gatewayRejectionReason ?? ''] ?? 'Payment was rejected by the payment gateway.'
      );
    case 'failed':
      return 'The card processor could not be reached. No payment was taken; please try again.';
    default:
      return 'Payment was not accepted.';
  }
}

/** Braintree's own messages ('Amount is required.', 'Unknown or expired payment_method_nonce.'). */
function validationMessage(response: Record<string, unknown>): string {
  const errors = response.errors;
  if (
    typeof errors === 'object' &&
    errors !== null &&
    'deepErrors' in errors &&
    typeof errors.deepErrors === 'function'
  ) {
    const deep: unknown = errors.deepErrors();
    const messages = Array.isArray(deep)
      ? deep.map((error) => readString(asRecord(error), 'message')).filter(Boolean)
      : [];
    if (messages.length > 0) return messages.join(' ');
  }
  return readString(response, 'message').replaceAll('\n', ' ') || 'Payment was refused by the payment gateway.';
}

// ---- refunds -------------------------------------------------------------------------------------

type SdkSale = SdkTransaction & { refundIds: string[] };

export const NOT_SETTLED_MESSAGE =
  'The payment has not settled yet: it can be voided whole now, or refunded in part once it has settled.';

/** Braintree refunds a sale once it is settling or settled; before, it can only void it. */
const SETTLED = new Set(['settling', 'settled', 'settlement_confirmed']);

/**
 * The SDK's refund with an options object (transaction_gateway.js: a non-object second argument is
 * taken as the amount, an object is sent as the refund's attributes). @types/braintree only knows
 * the amount form; our refund id must travel as the refund's orderId so `findRefund` can tell it.
 */
function refundWithOrderId(
  sdk: Sdk,
  transactionId: string,
  options: { amount: string; orderId: string },
): Promise<unknown> {
  const answer: Promise<unknown> = Reflect.apply(sdk.transaction.refund, sdk.transaction, [transactionId, options]);
  return answer;
}

function settlementOf(sale: SdkTransaction): SaleSettlement {
  return SETTLED.has(sale.status) ? 'settled' : 'unsettled';
}

// ---- search --------------------------------------------------------------------------------------

/** Statuses in which money was (or will be, without further action) taken. */
const CHARGED = new Set([
  'authorized',
  'submitted_for_settlement',
  'settlement_pending',
  'settling',
  'settled',
  'settlement_confirmed',
]);

/**
 * The reconciler wants one answer per order: a charged sale wins (the earliest, if a bug ever made
 * two); else the latest failed attempt. A sale still 'authorizing' has no outcome yet: ask later.
 */
function mostRelevantSale(sales: SdkTransaction[]): RecordedSale | null {
  const byAge = [...sales].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const charged = byAge.find((sale) => CHARGED.has(sale.status));
  if (!charged && byAge.some((sale) => sale.status === 'authorizing')) {
    throw new GatewayUnavailableError('A Braintree sale for this order is still authorizing');
  }
  const chosen = charged ?? byAge.at(-1);
  if (!chosen) return null;
  const amountCents = parseAmountCents(chosen.amount);
  if (amountCents === null) throw new GatewayUnavailableError(`Braintree sale ${chosen.id} has an unreadable amount`);
  const recorded: RecordedSale = { transactionId: chosen.id, amountCents, succeeded: chosen === charged };
  if (chosen.processor) recorded.processor = chosen.processor;
  return recorded;
}

/** Reads the SDK's search stream to the end, or fails after `deadlineMs` (see the header). */
function collect(stream: Readable, deadlineMs: number): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    const items: unknown[] = [];
    let settled = false;
    const finish = (error?: unknown) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error === undefined) resolve(items);
      else reject(error);
    };
    const timer = setTimeout(() => {
      finish(new Error(`the search did not finish within ${deadlineMs} ms`));
      stream.destroy();
    }, deadlineMs);
    stream.on('data', (item: unknown) => items.push(item));
    stream.on('error', (error: unknown) => finish(error ?? new Error('search failed')));
    stream.on('end', () => finish());
  });
}

// ---- webhooks ------------------------------------------------------------------------------------

function toWebhookEvent(notification: unknown): WebhookEvent {
  const record = asRecord(notification);
  const kind = readString(record, 'kind');
  if (!kind) throw new Error('Braintree webhook notification without a kind');
  // Transaction notifications carry `transaction`; dispute notifications carry it inside `dispute`.
  const transaction = asRecord(record.transaction ?? asRecord(record.dispute).transaction);
  // The SDK leaves the timestamp a string; a missing or unreadable one falls back to receipt time.
  const parsed = new Date(readString(record, 'timestamp'));
  const event: WebhookEvent = { kind, timestamp: Number.isNaN(parsed.getTime()) ? new Date() : parsed };
  const transactionId = readString(transaction, 'id');
  const orderId = readString(transaction, 'orderId');
  if (transactionId) event.transactionId = transactionId;
  if (orderId) event.orderId = orderId;
  return event;
}

// ---- narrowing and errors ------------------------------------------------------------------------

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

function readString(record: Record<string, unknown>, key: string): string {
  const value = record[key];
  return typeof value === 'string' ? value : '';
}

function readTransaction(value: unknown): SdkTransaction | null {
  const record = asRecord(value);
  const id = readString(record, 'id');
  if (!id) return null;
  const instrument = transactionInstrument(record);
  const code = readString(record, 'processorResponseCode');
  const transaction: SdkTransaction = {
    id,
    status: readString(record, 'status'),
    amount: readString(record, 'amount'),
    orderId: readString(record, 'orderId') || null,
    createdAt: readString(record, 'createdAt'),
    gatewayRejectionReason: readString(record, 'gatewayRejectionReason') || null,
    kind: instrument.kind,
  };
  if (code) transaction.processor = { code, text: readString(record, 'processorResponseText') };
  // Issue 20: the receipt names the card by brand and last four, never more; or the wallet.
  const { card } = instrument;
  if (card) transaction.card = card;
  return transaction;
}

function sdkErrorType(error: unknown): string | undefined {
  return error instanceof Error && 'type' in error && typeof error.type === 'string' ? error.type : undefined;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Every SDK failure except a refused request shape means we cannot be sure what happened at
 * Braintree, so it becomes GatewayUnavailableError: the order stays pending and the reconciler asks
 * again later. Credentials errors (401/403/404 on our merchant path) are included on purpose: no
 * sale can succeed until an operator fixes the configuration, the visitor must not be told their
 * card failed, and the message says exactly what to fix.
 */
function toGatewayError(operation: string, error: unknown, timeoutMs: number): Error {
  const type = sdkErrorType(error);
  const message = errorMessage(error);
  if (error instanceof GatewayUnavailableError) return error;
  if (type === 'invalidKeysError') {
    // The SDK refused to send the request: a bug here, not an outage.
    return new Error(`Braintree SDK refused the ${operation} request: ${message}`, { cause: error });
  }
  if (type === 'authenticationError' || type === 'authorizationError' || type === 'notFoundError') {
    return new GatewayUnavailableError(
      `Braintree refused our credentials for ${operation} (${message}): check BRAINTREE_ENVIRONMENT, ` +
        'BRAINTREE_MERCHANT_ID, BRAINTREE_PUBLIC_KEY and BRAINTREE_PRIVATE_KEY',
      { cause: error },
    );
  }
  if (/timed out/i.test(message)) {
    return new GatewayUnavailableError(`Braintree did not answer the ${operation} within ${timeoutMs} ms`, {
      cause: error,
    });
  }
  return new GatewayUnavailableError(`Braintree ${operation} failed: ${message}`, { cause: error });
}
