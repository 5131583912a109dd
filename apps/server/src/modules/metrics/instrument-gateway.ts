/**
 * A PaymentGateway that times each call to the real one and reports it: the operation, how it ended
 * and how long it took. It changes nothing else: same answers, same errors.
 */
import { GatewayUnavailableError, type PaymentGateway } from '#src/modules/payments/gateway';

export type GatewayCall = {
  operation: 'sale' | 'find_sale' | 'client_token' | 'sale_settlement' | 'refund' | 'find_refund';
  /** ok; declined (a sale refused: no money moved); unavailable (outcome unknown); error (anything else). */
  outcome: 'ok' | 'declined' | 'unavailable' | 'error';
};

export function instrumentGateway(
  gateway: PaymentGateway,
  report: (call: GatewayCall, seconds: number) => void,
): PaymentGateway {
  const timed = async <T>(
    operation: GatewayCall['operation'],
    call: () => Promise<T>,
    outcomeOf: (result: T) => GatewayCall['outcome'] = () => 'ok',
  ): Promise<T> => {
    const start = performance.now();
    try {
      const result = await call();
      report({ operation, outcome: outcomeOf(result) }, (performance.now() - start) / 1000);
      return result;
    } catch (error) {
      const outcome = error instanceof GatewayUnavailableError ? 'unavailable' : 'error';
      report({ operation, outcome }, (performance.now() - start) / 1000);
      throw error;
    }
  };
  const timedCalls: Partial<PaymentGateway> = {
    createClientToken: () => timed('client_token', () => gateway.createClientToken()),
    sale: (input) =>
      timed(
        'sale',
        () => gateway.sale(input),
        (outcome) => (outcome.status === 'succeeded' ? 'ok' : 'declined'),
      ),
    findSaleByOrderId: (orderId) => timed('find_sale', () => gateway.findSaleByOrderId(orderId)),
    // Issue 21: a refused refund counts as declined, like a refused sale (no money moved).
    saleSettlement: (transactionId) => timed('sale_settlement', () => gateway.saleSettlement(transactionId)),
    refund: (input) =>
      timed(
        'refund',
        () => gateway.refund(input),
        (outcome) => (outcome.status === 'succeeded' ? 'ok' : 'declined'),
      ),
    findRefund: (refundId, transactionId) => timed('find_refund', () => gateway.findRefund(refundId, transactionId)),
  };
  // A proxy, not a new object: the sandbox's own methods (tokenize, verifyClientToken) stay reachable
  // and keep their `this`; parseWebhook is a local signature check, not a call worth timing.
  return new Proxy(gateway, {
    get(target, property, receiver) {
      if (typeof property === 'string' && Object.hasOwn(timedCalls, property)) {
        return timedCalls[property as keyof PaymentGateway];
      }
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
