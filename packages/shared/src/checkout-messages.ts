/**
 * The checkout's texts, SPEC.md's word for word. A file of its own, without zod, so the pages that
 * only show them (the checkout's order summary, the result pages) load without building the
 * checkout's schemas (checkout.ts, which re-exports these).
 *
 * Each is marked for the `giving` catalogue (decision 0042) and shown through it: `i18n._(text)`, or
 * `i18n._(checkoutMessages.paymentSucceeded, { id })` for one with a value. The server sends them in
 * English (the id), and the web shows them in the page's language.
 */
export const checkoutMessages = {
  center: /*i18n*/ 'Please select a center.',
  cardFirstName: /*i18n*/ 'First name is required',
  cardLastName: /*i18n*/ 'Last name is required',
  emailRequired: /*i18n*/ 'Email is required',
  emailFormat: /*i18n*/ 'Invalid email format',
  mobileRequired: /*i18n*/ 'Mobile number is required',
  mobileDigits: /*i18n*/ 'Mobile number must be 10 digits',
  amount: /*i18n*/ 'Amount must be a positive number.',
  amountCents: /*i18n*/ 'Amount must be in whole cents.',
  street: /*i18n*/ 'Street is required for delivery',
  city: /*i18n*/ 'City is required for delivery',
  state: /*i18n*/ 'State is required for delivery',
  zip: /*i18n*/ 'Zip is required for delivery',
  captchaNotReady: /*i18n*/ 'Captcha not ready, please retry.',
  paymentUiNotReady: /*i18n*/ 'Payment UI not ready. Click “Reload Payment UI”.',
  initFailedBanner: /*i18n*/ 'Could not initialize payment. Check captcha/site key and network.',
  initFailedToast: /*i18n*/ 'Could not initialize payment.',
  captchaNotReadyYet: /*i18n*/ 'Captcha not ready yet.',
  widgetFailed: /*i18n*/ 'Payment UI failed to load.',
  paymentSucceeded: /*i18n*/ 'Payment successful! Transaction ID: {id}',
  paymentFailedToast: /*i18n*/ 'Payment failed.',
  emptyBucket: /*i18n*/ 'Your donation bucket is empty.',
  successHeading: /*i18n*/ 'Thank You for Your Order!',
  noTransactionId: /*i18n*/ 'Transaction ID not available.',
  failedHeading: /*i18n*/ 'Payment Failed',
  failedText: /*i18n*/ 'Payment failed. Please try again.',
  /** Our wording, under the decline reason on /order-failed. */
  notCharged: /*i18n*/ 'You have not been charged. Your bucket is kept, so you can try again or use another card.',
  /** Ours: a bucket in one currency sent to a center of another country's entity. */
  centerCurrency: /*i18n*/ 'This center takes gifts in {currency}. Choose a center of the country you give from.',
} as const;
