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
  },
  cart: {
    backToStore: 'Back to Store',
    backToConcert: 'Back to Concert Donations',
    empty: 'Your donation bucket is empty.',
    updated: 'Cart updated',
    checkout: 'Checkout',
  },
  errors: {
    unexpected: 'Unexpected Application Error!',
  },
} as const;
