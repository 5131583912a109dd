/**
 * Hosts the Braintree Drop-in needs in the page (its script, card iframes, API and analytics calls).
 * Only with PAYMENT_GATEWAY=braintree: the sandbox card form is ours and needs nothing beyond 'self'.
 */
import type { PaymentConfig } from '../../config';
import type { CspSources } from '../../plugins/security-headers';

const BRAINTREE_SCRIPT_HOSTS = ['https://js.braintreegateway.com', 'https://assets.braintreegateway.com'];
const BRAINTREE_API_HOSTS = [
  'https://api.braintreegateway.com',
  'https://client-analytics.braintreegateway.com',
  'https://payments.braintree-api.com',
  'https://*.braintree-api.com',
];

export function paymentCspSources(payment: PaymentConfig): CspSources {
  if (payment.gateway !== 'braintree') return {};
  return {
    scriptSrc: BRAINTREE_SCRIPT_HOSTS,
    frameSrc: BRAINTREE_SCRIPT_HOSTS,
    connectSrc: [...BRAINTREE_API_HOSTS, ...BRAINTREE_SCRIPT_HOSTS],
    imgSrc: BRAINTREE_SCRIPT_HOSTS,
    styleSrc: BRAINTREE_SCRIPT_HOSTS,
  };
}
