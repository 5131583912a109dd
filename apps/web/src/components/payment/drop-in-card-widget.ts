/**
 * The `braintree` gateway's widget: Braintree's Drop-in, loaded only when the server runs Braintree.
 * Options follow SPEC.md §5/§6 and §9: cardholder name required, guest checkout (no saved cards, no
 * card saving), in the page's language where the Drop-in has it (drop-in-locale.ts); the
 * site's enabled wallets, in its order (drop-in-options.ts).
 */
import type { PaymentMethodKind } from '@store/shared/payment-methods';
import type { PaymentOption } from 'braintree-web-drop-in';
import { activeLocale } from '#src/lib/i18n/activate';
import type { CardWidget, PaymentChoices } from './card-widget';
import { CardInputError } from './card-widget-errors';
import { dropInLocale } from './drop-in-locale';
import { dropInOptions, totalUpdates } from './drop-in-options';

/** The Drop-in's payload types (braintree-web's tokenize answers) as the checkout names them. */
const PAYLOAD_KINDS: Readonly<Record<string, PaymentMethodKind>> = {
  CreditCard: 'card',
  PayPalAccount: 'paypal',
  VenmoAccount: 'venmo',
  ApplePayCard: 'applePay',
  AndroidPayCard: 'googlePay',
};

export async function createDropInWidget(
  container: HTMLElement,
  clientToken: string,
  choices?: PaymentChoices,
): Promise<CardWidget> {
  // A CommonJS package: its module.exports arrives as the default export.
  const { default: dropin } = await import('braintree-web-drop-in');
  const instance = await dropin.create(
    dropInOptions({ authorization: clientToken, container, locale: dropInLocale(activeLocale()) }, choices),
  );
  // PayPal Credit pays with a PayPal account: only the option the donor opened tells them apart.
  let selected: PaymentOption = choices?.methods[0] ?? 'card';
  let paid: PaymentMethodKind = 'card';
  instance.on('paymentOptionSelected', ({ paymentOption }) => {
    selected = paymentOption;
  });
  return {
    async requestNonce() {
      if (!instance.isPaymentMethodRequestable()) {
        // Rejects with the reasons shown in the Drop-in's own fields: the widget's error, not an exception.
        await instance.requestPaymentMethod().catch(() => undefined);
        throw new CardInputError('The card is incomplete.');
      }
      const { nonce, type } = await instance.requestPaymentMethod();
      const kind = PAYLOAD_KINDS[type] ?? 'card';
      paid = kind === 'paypal' && selected === 'paypalCredit' ? 'paypalCredit' : kind;
      return nonce;
    },
    chosenMethod: () => paid,
    updateTotal(totalCents) {
      if (!choices) return;
      for (const [property, key, value] of totalUpdates(choices, totalCents)) {
        instance.updateConfiguration(property, key, value);
      }
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
