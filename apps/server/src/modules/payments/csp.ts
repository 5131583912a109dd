/**
 * Hosts the Braintree Drop-in needs in the page, only with PAYMENT_GATEWAY=braintree (the sandbox
 * card form and its wallets are ours and need nothing beyond 'self'). As braintree-web, which the
 * Drop-in bundles, names them (braintree-web/lib/constants.js): its scripts and card iframes; the
 * client API and GraphQL hosts, which differ between Braintree's sandbox and production
 * environments; and its analytics logger. reliability/browser-safety checks in Chromium that these
 * loads are allowed.
 *
 * Each wallet's hosts only when site.json's `giving.paymentMethods` enables it, as the
 * Drop-in (braintree-web-drop-in/constants.js, braintree-web's paypal-checkout, venmo and
 * google-payment modules) and PayPal's, Google's and Apple's integration guides name them:
 *  - PayPal / PayPal Credit: PayPal's checkout.js from www.paypalobjects.com, its button and
 *    checkout frames and calls on www.paypal.com (www.sandbox.paypal.com in Braintree's sandbox),
 *    its images from www.paypalobjects.com;
 *  - Venmo: nothing in the page (its desktop flow is a QR code drawn by the Drop-in, its mobile flow
 *    a switch to the Venmo app or venmo.com in a new window, which CSP does not govern);
 *  - Google Pay: pay.google.com's script, frame and calls, and its button's images on
 *    www.gstatic.com;
 *  - Apple Pay: nothing: Safari's ApplePaySession is the browser's own, and the merchant validation
 *    goes through Braintree's API host, already allowed.
 */
import type { PaymentMethodKind } from '@store/shared/payment-methods';
import type { PaymentConfig } from '#src/config';
import type { CspSources } from '#src/plugins/security-headers';

const BRAINTREE_SCRIPT_HOSTS = ['https://js.braintreegateway.com', 'https://assets.braintreegateway.com'];

const BRAINTREE_API_HOSTS: Record<'sandbox' | 'production', string[]> = {
  production: ['https://api.braintreegateway.com', 'https://payments.braintree-api.com'],
  sandbox: ['https://api.sandbox.braintreegateway.com', 'https://payments.sandbox.braintree-api.com'],
};

/** braintree-web's ANALYTICS_URL: the one path, not all of paypal.com. */
const BRAINTREE_ANALYTICS = 'https://www.paypal.com/xoplatform/logger/api/logger';

const PAYPAL_SCRIPTS = 'https://www.paypalobjects.com';
const PAYPAL_HOSTS: Record<'sandbox' | 'production', string> = {
  production: 'https://www.paypal.com',
  sandbox: 'https://www.sandbox.paypal.com',
};
const GOOGLE_PAY = 'https://pay.google.com';
const GOOGLE_PAY_IMAGES = 'https://www.gstatic.com';

export function paymentCspSources(
  payment: PaymentConfig,
  methods: readonly PaymentMethodKind[] = ['card'],
): CspSources {
  if (payment.gateway !== 'braintree') return {};
  const environment = payment.braintree.environment;
  const sources = {
    scriptSrc: [...BRAINTREE_SCRIPT_HOSTS],
    frameSrc: [...BRAINTREE_SCRIPT_HOSTS],
    connectSrc: [...BRAINTREE_API_HOSTS[environment], BRAINTREE_ANALYTICS, ...BRAINTREE_SCRIPT_HOSTS],
    imgSrc: [...BRAINTREE_SCRIPT_HOSTS],
    styleSrc: [...BRAINTREE_SCRIPT_HOSTS],
  };
  if (methods.includes('paypal') || methods.includes('paypalCredit')) {
    // checkout.js renders PayPal's button in a frame from www.paypal.com, whichever environment.
    const paypal = [...new Set([PAYPAL_HOSTS.production, PAYPAL_HOSTS[environment]])];
    sources.scriptSrc.push(PAYPAL_SCRIPTS, ...paypal);
    sources.frameSrc.push(...paypal);
    sources.connectSrc.push(...paypal);
    sources.imgSrc.push(PAYPAL_SCRIPTS, ...paypal);
  }
  if (methods.includes('googlePay')) {
    sources.scriptSrc.push(GOOGLE_PAY);
    sources.frameSrc.push(GOOGLE_PAY);
    sources.connectSrc.push(GOOGLE_PAY);
    sources.imgSrc.push(GOOGLE_PAY_IMAGES);
  }
  return sources;
}
