/** Every visitor-facing text SPEC.md fixes, word for word. One place, used by web and server. */
export const messages = {
  store: {
    title: 'Online Store',
    proceedToPay: 'Proceed to Pay',
    donate: 'Donate',
    more: 'More',
    showLess: 'Show less',
    invalidAmount: 'Please enter a valid donation amount.',
    donationAdded: 'Donation Added!',
    footer: 'is a non-profit organization. Donations are tax-deductible as per applicable laws.',
    /** Our wording (SPEC.md leaves it open): shown before the catalogue answers or when it fails. */
    footerFallbackName: 'The foundation',
    price: 'Price:',
    /** Our wording: the price line of the open-amount cards (ids 7 and 8), whose price the donor sets. */
    anyAmount: 'Any amount',
    /** Our wording: the giving panel's amount, in the visitor's currency ('Donation amount (USD)', '(CAD)'). */
    amountLabelIn: (currency: string) => `Donation amount (${currency})`,
    /** Our wording (issue 17): the giving panel at the top of /, around the one shared amount. */
    givingLabel: 'Give now',
    chooseAmount: 'Choose an amount',
    otherAmount: 'Other',
    givingHint: 'Then press Donate under the cause you choose.',
    loading: 'Loading donation items…',
    loadFailed: 'Could not load the donation items.',
    retry: 'Retry',
    concertTitle: 'Concert Donations',
  },
  cart: {
    backToStore: 'Back to Store',
    backToConcert: 'Back to Concert Donations',
    empty: 'Your donation bucket is empty.',
    updated: 'Cart updated',
    checkout: 'Checkout',
    title: 'Your Donation Bucket',
    total: 'Total:',
    /** Our wording (SPEC.md has none): the unit price beside a line's total. */
    each: 'each',
  },
  /** The placeholder payment screen (SPEC.md §2 "Placeholder payment screen", §9). */
  payment: {
    title: 'Payment Details',
    nameOnCard: 'Name on Card',
    cardNumber: 'Card Number',
    expiryDate: 'Expiry Date',
    expiryHint: 'MM/YY',
    cvv: 'CVV',
    orderId: 'ORD-2024-000123',
    amount: '₹799.00',
    payNow: 'Pay Now',
    recorded: 'Payment details recorded on this device only. No payment was made.',
  },
  /**
   * The site's navigation (our wording; SPEC.md names the routes, not a menu): the top bar's and the
   * footer's links, and /nav, SPEC.md's 'Navigation screen' with its content left open: a site map.
   */
  nav: {
    title: 'Site map',
    topBarLabel: 'Main',
    footerLabel: 'Footer',
    store: 'Store',
    concerts: 'Concerts',
    /** 'Event Registration', of which a phone's top bar shows 'Event' (the rest stays in the link's name). */
    event: 'Event',
    registration: 'Registration',
    account: 'Account',
    siteMap: 'Site map',
  },
  /** Our wording (SPEC.md has none): a removal that can be taken back (the bucket's lines, registrants). */
  undo: {
    removed: (name: string) => `Removed ${name}.`,
    undo: 'Undo',
  },
  /** Screens that later issues build. */
  placeholder: {
    notAvailable: 'This page is not available yet.',
  },
  errors: {
    unexpected: 'Unexpected Application Error!',
    notFound: '404 Not Found',
  },
} as const;
