/**
 * Hosts the Braintree Drop-in needs in the page, only with PAYMENT_GATEWAY=braintree (the sandbox
 * card form is ours and needs nothing beyond 'self'). As braintree-web, which the Drop-in bundles,
 * names them (braintree-web/lib/constants.js): its scripts and card iframes; the client API and
 * GraphQL hosts, which differ between Braintree's sandbox and production environments; and its
 * analytics logger. reliability/browser-safety checks in Chromium that these loads are allowed.
 */
import type { PaymentConfig } from '#src/config';
import type { CspSources } from '#src/plugins/security-headers';

const BRAINTREE_SCRIPT_HOSTS = ['https://js.braintreegateway.com', 'https://assets.braintreegateway.com'];

const BRAINTREE_API_HOSTS: Record<'sandbox' | 'production', string[]> = {
  production: ['https://api.braintreegateway.com', 'https://payments.braintree-api.com'],
  sandbox: ['https://api.sandbox.braintreegateway.com', 'https://payments.sandbox.braintree-api.com'],
};

/** braintree-web's ANALYTICS_URL: the one path, not all of paypal.com. */
const BRAINTREE_ANALYTICS = 'https://www.paypal.com/xoplatform/logger/api/logger';

export function paymentCspSources(payment: PaymentConfig): CspSources {
  if (payment.gateway !== 'braintree') return {};
  return {
    scriptSrc: BRAINTREE_SCRIPT_HOSTS,
    frameSrc: BRAINTREE_SCRIPT_HOSTS,
    connectSrc: [...BRAINTREE_API_HOSTS[payment.braintree.environment], BRAINTREE_ANALYTICS, ...BRAINTREE_SCRIPT_HOSTS],
    imgSrc: BRAINTREE_SCRIPT_HOSTS,
    styleSrc: BRAINTREE_SCRIPT_HOSTS,
  };
}
