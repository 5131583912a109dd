/**
 * Picks the gateway PAYMENT_GATEWAY (config.payment) names. One instance per process, created in
 * main.ts and shared by the routes and the reconciler.
 */
import type { Config } from '#src/config';
import type { Database } from '#src/db/client';
import type { AppSecrets } from '#src/db/secrets';
import type { PaymentGateway } from './gateway';
import { createSandboxGateway } from './gateways/sandbox';

/**
 * Below the reconciler's default age for pending orders (checkout/reconcile.ts, 60 s): a sale still
 * waiting on Braintree must have ended, one way or the other, before the reconciler asks about it.
 */
export const BRAINTREE_TIMEOUT_MS = 30_000;

export type CreateGatewayOptions = {
  config: Pick<Config, 'payment'> & Partial<Pick<Config, 'sandboxSettlementSeconds'>>;
  db: Database;
  secrets: AppSecrets;
};

export async function createGateway({ config, db, secrets }: CreateGatewayOptions): Promise<PaymentGateway> {
  if (config.payment.gateway === 'braintree') {
    // Imported on use: the SDK adds ~140 ms to every start, which the default sandbox does not need.
    const { createBraintreeGateway } = await import('./gateways/braintree');
    return createBraintreeGateway({ ...config.payment.braintree, timeoutMs: BRAINTREE_TIMEOUT_MS });
  }
  return createSandboxGateway({
    db,
    secret: secrets.session,
    ...(config.sandboxSettlementSeconds === undefined ? {} : { settlementSeconds: config.sandboxSettlementSeconds }),
  });
}
