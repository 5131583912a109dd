/**
 * The checkout's texts, SPEC.md's word for word. A file of its own, without zod, so the pages that
 * only show them (the checkout's order summary, the result pages) load without building the
 * checkout's schemas (checkout.ts, which re-exports these).
 */
export const checkoutMessages = {
  center: 'Please select a center.',
  cardFirstName: 'First name is required',
  cardLastName: 'Last name is required',
  emailRequired: 'Email is required',
  emailFormat: 'Invalid email format',
  mobileRequired: 'Mobile number is required',
  mobileDigits: 'Mobile number must be 10 digits',
  amount: 'Amount must be a positive number.',
  amountCents: 'Amount must be in whole cents.',
  street: 'Street is required for delivery',
  city: 'City is required for delivery',
  state: 'State is required for delivery',
  zip: 'Zip is required for delivery',
  captchaNotReady: 'Captcha not ready, please retry.',
  paymentUiNotReady: 'Payment UI not ready. Click “Reload Payment UI”.',
  initFailedBanner: 'Could not initialize payment. Check captcha/site key and network.',
  initFailedToast: 'Could not initialize payment.',
  captchaNotReadyYet: 'Captcha not ready yet.',
  widgetFailed: 'Payment UI failed to load.',
  paymentSucceeded: (id: string) => `Payment successful! Transaction ID: ${id}`,
  paymentFailedToast: 'Payment failed.',
  emptyBucket: 'Your donation bucket is empty.',
  successHeading: 'Thank You for Your Order!',
  noTransactionId: 'Transaction ID not available.',
  failedHeading: 'Payment Failed',
  failedText: 'Payment failed. Please try again.',
  /** Our wording, under the decline reason on /order-failed. */
  notCharged: 'You have not been charged. Your bucket is kept, so you can try again or use another card.',
  /** Ours: a bucket in one currency sent to a center of another country's entity. */
  centerCurrency: (currency: string) =>
    `This center takes gifts in ${currency}. Choose a center of the country you give from.`,
} as const;
