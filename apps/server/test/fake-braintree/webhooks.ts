/**
 * Webhooks need no server: Braintree POSTs `bt_signature` and `bt_payload` to us, and the SDK checks
 * them offline. The payload is base64 XML; the signature is `publicKey|hex(HMAC-SHA1(key, payload))`
 * where the HMAC key is SHA1(privateKey) (lib/braintree/digest.js, webhook_notification_gateway.js).
 * The SDK's own `webhookTesting.sampleNotification` makes valid samples too, but its transaction
 * subjects carry no order id; this helper makes the transaction notifications the reconciler reads.
 */
import { createHash, createHmac } from 'node:crypto';
import { element, fields, leaf } from './xml';

export type SignedWebhook = { signature: string; payload: string };

export type TransactionWebhook = {
  kind: 'transaction_settled' | 'transaction_settlement_declined' | 'transaction_disbursed';
  transactionId: string;
  orderId?: string;
  amount?: string;
  timestamp?: Date;
};

const STATUS_BY_KIND: Record<TransactionWebhook['kind'], string> = {
  transaction_settled: 'settled',
  transaction_settlement_declined: 'settlement_declined',
  transaction_disbursed: 'settled',
};

export function signWebhookPayload(keys: { publicKey: string; privateKey: string }, payload: string): string {
  const hmacKey = createHash('sha1').update(keys.privateKey).digest();
  return `${keys.publicKey}|${createHmac('sha1', hmacKey).update(payload).digest('hex')}`;
}

/** A signed notification about one transaction, as Braintree would POST it. */
export function signedTransactionWebhook(
  keys: { publicKey: string; privateKey: string },
  event: TransactionWebhook,
): SignedWebhook {
  const transaction = fields('transaction', {
    id: event.transactionId,
    status: STATUS_BY_KIND[event.kind],
    type: 'sale',
    currencyIsoCode: 'USD',
    amount: event.amount ?? '10.00',
    orderId: event.orderId,
  });
  const xml = element('notification', [
    leaf('timestamp', event.timestamp ?? new Date()),
    leaf('kind', event.kind),
    element('subject', [transaction]),
  ]);
  // Braintree's payloads are base64 with a trailing newline; the SDK accepts both forms.
  const payload = `${Buffer.from(xml).toString('base64')}\n`;
  return { signature: signWebhookPayload(keys, payload), payload };
}
