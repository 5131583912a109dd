/**
 * The Drop-in's options for the site's enabled methods (site.json `giving.paymentMethods`),
 * offered in that order (`paymentOptionPriority`). A method left out of the setting gets no option, so
 * the Drop-in never offers it; a method the setting names is offered only where Braintree has it
 * enabled for the merchant too (the Drop-in hides the others itself).
 *  - PayPal and PayPal Credit: a one-time gift pays with PayPal's checkout flow (the amount shown in
 *    PayPal's window); a bucket with a monthly line asks for a billing agreement (the vault flow),
 *    which the server stores and charges each month.
 *  - Venmo: allowNewBrowserTab false keeps a desktop donor in this tab.
 *  - Apple Pay shows the foundation's name and the total; Google Pay the final total.
 * Without choices (the dashboard's card update): the card alone, as before wallets.
 */
import type { CreateOptions, PaymentOption } from 'braintree-web-drop-in';
import type { PaymentChoices } from './card-widget';

/** Integer cents to the wallets' '103.30' (exact: no floating point on the way). */
function gatewayAmount(cents: number): string {
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

type DropInBase = Pick<CreateOptions, 'authorization' | 'container' | 'locale'>;

export function dropInOptions(base: DropInBase, choices?: PaymentChoices): CreateOptions {
  const methods = choices?.methods.length ? choices.methods : (['card'] as const);
  const options: CreateOptions = {
    ...base,
    // A site may offer wallets only: the card form is then left out.
    card: methods.includes('card')
      ? {
          cardholderName: { required: true },
          vault: { allowVaultCardOverride: false, vaultCard: false },
        }
      : false,
    vaultManager: false,
    paymentOptionPriority: [...methods] satisfies PaymentOption[],
  };
  if (!choices) return options;
  const amount = gatewayAmount(choices.totalCents);
  const paypal = choices.monthly
    ? ({ flow: 'vault', amount, currency: choices.currency } as const)
    : ({ flow: 'checkout', amount, currency: choices.currency } as const);
  if (methods.includes('paypal')) options.paypal = paypal;
  if (methods.includes('paypalCredit')) options.paypalCredit = paypal;
  if (methods.includes('venmo')) options.venmo = { allowNewBrowserTab: false };
  if (methods.includes('applePay')) {
    options.applePay = {
      displayName: choices.merchantName,
      paymentRequest: { total: { label: choices.merchantName, amount } },
    };
  }
  if (methods.includes('googlePay')) {
    options.googlePay = {
      transactionInfo: { totalPriceStatus: 'FINAL', totalPrice: amount, currencyCode: choices.currency },
    };
  }
  return options;
}

/** The wallets whose sheet shows the total, told the new one (the fee ticked or unticked). */
type TotalUpdate = ['paypal' | 'paypalCredit' | 'applePay' | 'googlePay', string, unknown];

export function totalUpdates(choices: PaymentChoices, totalCents: number): TotalUpdate[] {
  const amount = gatewayAmount(totalCents);
  const updates: TotalUpdate[] = [];
  for (const wallet of ['paypal', 'paypalCredit'] as const) {
    if (choices.methods.includes(wallet)) updates.push([wallet, 'amount', amount]);
  }
  if (choices.methods.includes('applePay')) {
    updates.push(['applePay', 'paymentRequest', { total: { label: choices.merchantName, amount } }]);
  }
  if (choices.methods.includes('googlePay')) {
    updates.push([
      'googlePay',
      'transactionInfo',
      { totalPriceStatus: 'FINAL', totalPrice: amount, currencyCode: choices.currency },
    ]);
  }
  return updates;
}
