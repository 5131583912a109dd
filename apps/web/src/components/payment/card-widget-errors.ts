/** How a card widget's `requestNonce` says why it gave no nonce, whichever gateway's widget it is. */

/** The card entry is incomplete or invalid; the widget already shows the reasons on its fields. */
export class CardInputError extends Error {
  override readonly name = 'CardInputError';
}

/**
 * The client token the widget was built with is no longer accepted (it is short-lived); the page
 * must fetch a new one and rebuild the widget.
 */
export class ClientTokenExpiredError extends Error {
  override readonly name = 'ClientTokenExpiredError';
}
