/** The real Braintree adapter (the SDK) pointed at a running local fake, with a short timeout. */
import type { PaymentGateway } from '#src/modules/payments/gateway';
import { createBraintreeGateway } from '#src/modules/payments/gateways/braintree';
import type { FakeBraintree } from './server';

export function braintreeGatewayFor(fake: FakeBraintree, timeoutMs = 500): PaymentGateway {
  return createBraintreeGateway({
    environment: { host: fake.host, port: fake.port, ssl: false },
    merchantId: fake.merchantId,
    publicKey: fake.publicKey,
    privateKey: fake.privateKey,
    timeoutMs,
  });
}
