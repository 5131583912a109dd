/**
 * Every visitor-facing text SPEC.md fixes, word for word. One place, used by web and server. Each is
 * marked for the message catalogues (`/*i18n*\/`, decision 0042) and shown through them:
 * `i18n._(messages.store.donate)`; one with `{name}` in it takes its values there too.
 */
export const messages = {
  store: {
    title: /*i18n*/ 'Online Store',
    proceedToPay: /*i18n*/ 'Proceed to Pay',
    donate: /*i18n*/ 'Donate',
    more: /*i18n*/ 'More',
    showLess: /*i18n*/ 'Show less',
    invalidAmount: /*i18n*/ 'Please enter a valid donation amount.',
    donationAdded: /*i18n*/ 'Donation Added!',
    footer: /*i18n*/ 'is a non-profit organization. Donations are tax-deductible as per applicable laws.',
    /** Our wording (SPEC.md leaves it open): shown before the catalogue answers or when it fails. */
    footerFallbackName: /*i18n*/ 'The foundation',
    price: /*i18n*/ 'Price:',
    /** Our wording: the price line of the open-amount cards (ids 7 and 8), whose price the donor sets. */
    anyAmount: /*i18n*/ 'Any amount',
    /** Our wording: the giving panel's amount, in the visitor's currency ('Donation amount (USD)', '(CAD)'). */
    amountLabelIn: /*i18n*/ 'Donation amount ({currency})',
    /** Our wording (issue 17): the giving panel at the top of /, around the one shared amount. */
    givingLabel: /*i18n*/ 'Give now',
    chooseAmount: /*i18n*/ 'Choose an amount',
    otherAmount: /*i18n*/ 'Other',
    givingHint: /*i18n*/ 'Then press Donate under the cause you choose.',
    loading: /*i18n*/ 'Loading donation items…',
    loadFailed: /*i18n*/ 'Could not load the donation items.',
    retry: /*i18n*/ 'Retry',
    concertTitle: /*i18n*/ 'Concert Donations',
  },
  cart: {
    backToStore: /*i18n*/ 'Back to Store',
    backToConcert: /*i18n*/ 'Back to Concert Donations',
    empty: /*i18n*/ 'Your donation bucket is empty.',
    updated: /*i18n*/ 'Cart updated',
    checkout: /*i18n*/ 'Checkout',
    title: /*i18n*/ 'Your Donation Bucket',
    total: /*i18n*/ 'Total:',
    /** Our wording (SPEC.md has none): the unit price beside a line's total. */
    each: /*i18n*/ 'each',
  },
  /** The placeholder payment screen (SPEC.md §2 "Placeholder payment screen", §9). */
  payment: {
    title: /*i18n*/ 'Payment Details',
    nameOnCard: /*i18n*/ 'Name on Card',
    cardNumber: /*i18n*/ 'Card Number',
    expiryDate: /*i18n*/ 'Expiry Date',
    expiryHint: /*i18n*/ 'MM/YY',
    cvv: /*i18n*/ 'CVV',
    orderId: 'ORD-2024-000123',
    amount: '₹799.00',
    payNow: /*i18n*/ 'Pay Now',
    recorded: /*i18n*/ 'Payment details recorded on this device only. No payment was made.',
  },
  /**
   * The site's navigation (our wording; SPEC.md names the routes, not a menu): the top bar's and the
   * footer's links, and /nav, SPEC.md's 'Navigation screen' with its content left open: a site map.
   */
  nav: {
    title: /*i18n*/ 'Site map',
    topBarLabel: /*i18n*/ 'Main',
    footerLabel: /*i18n*/ 'Footer',
    store: /*i18n*/ 'Store',
    concerts: /*i18n*/ 'Concerts',
    /** 'Event Registration', of which a phone's top bar shows 'Event' (the rest stays in the link's name). */
    event: /*i18n*/ 'Event',
    registration: /*i18n*/ 'Registration',
    account: /*i18n*/ 'Account',
    siteMap: /*i18n*/ 'Site map',
  },
  /** Our wording (SPEC.md has none): a removal that can be taken back (the bucket's lines, registrants). */
  undo: {
    removed: /*i18n*/ 'Removed {name}.',
    undo: /*i18n*/ 'Undo',
  },
  /** Screens that later issues build. */
  placeholder: {
    notAvailable: /*i18n*/ 'This page is not available yet.',
  },
  errors: {
    unexpected: /*i18n*/ 'Unexpected Application Error!',
    notFound: /*i18n*/ '404 Not Found',
  },
} as const;
