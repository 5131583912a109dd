/**
 * The `braintree` gateway's widget: Braintree's Drop-in, loaded only when the server runs Braintree.
 * Options follow SPEC.md §5/§6 and §9: card only, cardholder name required, guest checkout (no saved
 * cards, no card saving), in the page's language where the Drop-in has it (drop-in-locale.ts).
 */
import { activeLocale } from '#src/lib/i18n/activate';
import type { CardWidget } from './card-widget';
import { CardInputError } from './card-widget-errors';
import { dropInLocale } from './drop-in-locale';

export async function createDropInWidget(container: HTMLElement, clientToken: string): Promise<CardWidget> {
  // A CommonJS package: its module.exports arrives as the default export.
  const { default: dropin } = await import('braintree-web-drop-in');
  const instance = await dropin.create({
    authorization: clientToken,
    container,
    locale: dropInLocale(activeLocale()),
    card: {
      cardholderName: { required: true },
      vault: { allowVaultCardOverride: false, vaultCard: false },
    },
    vaultManager: false,
    paymentOptionPriority: ['card'],
  });
  return {
    async requestNonce() {
      if (!instance.isPaymentMethodRequestable()) {
        // Rejects with the reasons shown in the Drop-in's own fields: the widget's error, not an exception.
        await instance.requestPaymentMethod().catch(() => undefined);
        throw new CardInputError('The card is incomplete.');
      }
      const { nonce } = await instance.requestPaymentMethod();
      return nonce;
    },
    showErrors() {
      // An incomplete card cannot be tokenized: the request only marks the Drop-in's fields.
      if (!instance.isPaymentMethodRequestable()) void instance.requestPaymentMethod().catch(() => undefined);
    },
    suggestCardholderName() {
      // The Drop-in's cardholder name is a hosted field in Braintree's frame: the page cannot write
      // into it after it is built, so the donor types it there.
    },
    teardown: () => instance.teardown(),
  };
}
