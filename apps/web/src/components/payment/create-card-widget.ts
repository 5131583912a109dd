/**
 * Builds the card widget of the server's gateway (card-widget.ts). Each implementation is a dynamic
 * import, so neither reaches the store's first load, and the Drop-in (which can only load from
 * Braintree's hosts) never loads at all for the sandbox.
 */
import type { CreateCardWidget } from './card-widget';

export const createCardWidget: CreateCardWidget = async (container, { gateway, clientToken }, choices) => {
  if (gateway === 'braintree') {
    const { createDropInWidget } = await import('./drop-in-card-widget');
    return createDropInWidget(container, clientToken, choices);
  }
  const { createSandboxCardWidget } = await import('./sandbox-card-widget');
  return createSandboxCardWidget(container, clientToken, choices);
};
