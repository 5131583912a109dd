/**
 * SPEC.md §4 "Checkout" steps 2-5, after the form has passed validation: captcha token, nonce from
 * the card widget, POST the checkout, then the result page. SPEC.md §5: submitting is blocked while
 * the captcha or the payment UI is not ready.
 */

import type { CartLine } from '@store/shared/cart';
import { type CheckoutDetails, checkoutMessages } from '@store/shared/checkout';
import type { Currency } from '@store/shared/currencies';
import { useNavigate } from 'react-router';
import { CardInputError, ClientTokenExpiredError } from '#src/components/payment/card-widget-errors';
import { checkoutToast } from '#src/components/payment/checkout-toast';
import type { PaymentSetup } from '#src/components/payment/use-payment-setup';
import { useLingui } from '#src/lib/i18n/use-lingui';
import { useGuardedSubmit } from '#src/lib/use-guarded-submit';
import { buildCheckoutRequest } from './build-checkout-request';
import { orderSuccessState } from './order-success-state';
import { postCheckout } from './post-checkout';

/** Under Place Order, in English like the server's messages there; the form shows it translated. */
export const SESSION_EXPIRED_MESSAGE = /*i18n*/ 'Your payment session expired. Please enter your card details again.';

type PlaceOrderOptions = {
  setup: PaymentSetup;
  lines: readonly CartLine[];
  totalCents: number;
  withDelivery: boolean;
  /** The chosen center is Canadian: the donor's address goes with the order (issue 20). */
  withDonorAddress: boolean;
  /** The bucket's currency (its country's entity's). */
  currency: Currency;
  /** The chosen center is the UK charity's: the Gift Aid declaration goes with the order. */
  withGiftAid: boolean;
  /** What covering the processing fee adds to this bucket at the chosen center (charged when ticked). */
  feeCents?: number | undefined;
  clearCart: () => void;
  /** The server refused these fields (path -> message). */
  onFieldErrors: (fields: Readonly<Record<string, string>>) => void;
};

export type PlaceOrder = {
  placeOrder: (details: CheckoutDetails) => Promise<void>;
  processing: boolean;
  /**
   * What went wrong with the last attempt, in the server's words, for under the button: English, the
   * catalogue's id when it is one of our messages (the form shows it translated).
   */
  submitError: string | null;
};

export function usePlaceOrder(options: PlaceOrderOptions): PlaceOrder {
  const { setup, lines, totalCents, withDelivery, withDonorAddress, currency, withGiftAid, clearCart, onFieldErrors } =
    options;
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const refuse = (message: string) => {
    checkoutToast.error(i18n._(message));
    return false;
  };

  const { submit, submitting, submitError } = useGuardedSubmit({
    canStart: () => {
      if (!setup.captcha.current || setup.status === 'captcha-failed') return refuse(checkoutMessages.captchaNotReady);
      if (!setup.widget.current || setup.status !== 'ready') return refuse(checkoutMessages.paymentUiNotReady);
      return true;
    },
    captchaToken: () => {
      // canStart has just found it ready (nothing has awaited since).
      const captcha = setup.captcha.current;
      return captcha ? captcha.execute('checkout') : Promise.reject(new Error('The captcha is not ready.'));
    },
    prepare: async (details: CheckoutDetails, captcha) => {
      // Read now: a widget torn down meanwhile (the page left) fails the way its own requestNonce would.
      const widget = setup.widget.current;
      if (!widget) throw new Error('The card widget is not mounted.');
      const nonce = await widget.requestNonce();
      // The wallet the donor chose (only PayPal Credit needs saying; the card is the default).
      const method = widget.chosenMethod?.() ?? 'card';
      const request = buildCheckoutRequest({
        details,
        lines,
        totalCents,
        nonce,
        recaptchaToken: captcha.token,
        withDelivery,
        withDonorAddress,
        currency,
        withGiftAid,
        feeCents: options.feeCents,
      });
      return method === 'card' ? request : { ...request, paymentMethod: method };
    },
    // The nonce is new on every try: the key is kept whatever the request, until a definite answer.
    send: (body, { captcha, idempotencyKey }) => postCheckout({ body, captcha, idempotencyKey }),
    onAnswer: (answer) => {
      if (answer.success) {
        checkoutToast.success(i18n._(checkoutMessages.paymentSucceeded, { id: answer.transactionId }));
        // The transaction id (SPEC.md §4 step 3) and what the receipt says, for the thank-you page.
        navigate('/order-success', { state: orderSuccessState(answer) });
        clearCart();
      } else {
        // The decline's reason goes along: /order-failed says why, and that nothing was charged.
        navigate('/order-failed', { state: { reason: answer.message } });
      }
    },
    // Approved or declined: the button stays disabled, this page is on its way out.
    leavesPageOnAnswer: true,
    onFieldErrors,
    // 400 fields, 403 captcha, 409, 429 too many declines, 503 not confirmed, network failure: the
    // server's words. A card problem (CardInputError or a failed tokenization) is shown by the widget itself.
    texts: { captchaNotReady: checkoutMessages.captchaNotReady, failed: null },
    onFailure: (error) => {
      // Empty or invalid card fields are the widget's own errors, on its fields (SPEC.md §5): not an
      // exception, so no 'Payment failed.' (SPEC.md §4 step 5) and nothing under the button.
      if (error instanceof CardInputError) return null;
      checkoutToast.error(i18n._(checkoutMessages.paymentFailedToast));
      if (!(error instanceof ClientTokenExpiredError)) return undefined;
      setup.retryInitialization();
      return SESSION_EXPIRED_MESSAGE;
    },
  });

  return { placeOrder: submit, processing: submitting, submitError };
}
