/**
 * The card payment widget behind one small interface, so the checkout page does not care which
 * gateway the server runs (SPEC.md §5 "Embedded card widget"):
 *  - `sandbox`: our own card form (sandbox-card-form.tsx), tokenized by the server offline;
 *  - `braintree`: Braintree's hosted Drop-in.
 * Each implementation is a dynamic import, so neither reaches the store's first load, and the
 * Drop-in (which can only load from Braintree's hosts) never loads at all for the sandbox.
 */
import type { ClientTokenResponse } from '@store/shared/checkout';

export interface CardWidget {
  /** Validates the card and exchanges it for a single-use payment nonce. */
  requestNonce(): Promise<string>;
  /** Removes the widget from its container; the container can then host a new one. */
  teardown(): Promise<void>;
}

export type CardWidgetOptions = ClientTokenResponse;

export type CreateCardWidget = (container: HTMLElement, options: CardWidgetOptions) => Promise<CardWidget>;

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

export const createCardWidget: CreateCardWidget = async (container, { gateway, clientToken }) => {
  if (gateway === 'braintree') {
    const { createDropInWidget } = await import('./drop-in-card-widget');
    return createDropInWidget(container, clientToken);
  }
  const { createSandboxCardWidget } = await import('./sandbox-card-widget');
  return createSandboxCardWidget(container, clientToken);
};
