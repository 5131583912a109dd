/**
 * The `braintree` gateway's widget: Braintree's Drop-in, loaded only when the server runs Braintree.
 * Options follow SPEC.md §5/§6 and §9: card only, cardholder name required, guest checkout (no saved
 * cards, no card saving).
 */
import type { CardWidget } from './card-widget';

export async function createDropInWidget(container: HTMLElement, clientToken: string): Promise<CardWidget> {
  // A CommonJS package: its module.exports arrives as the default export.
  const { default: dropin } = await import('braintree-web-drop-in');
  const instance = await dropin.create({
    authorization: clientToken,
    container,
    card: {
      cardholderName: { required: true },
      vault: { allowVaultCardOverride: false, vaultCard: false },
    },
    vaultManager: false,
    paymentOptionPriority: ['card'],
  });
  return {
    async requestNonce() {
      // Rejects, with the reasons shown in the Drop-in's own fields, when the card is incomplete.
      const { nonce } = await instance.requestPaymentMethod();
      return nonce;
    },
    teardown: () => instance.teardown(),
  };
}
