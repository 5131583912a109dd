/**
 * SPEC.md §4 "Checkout" steps 2-5, after the form has passed validation: captcha token, nonce from
 * the card widget, POST the checkout, then the result page. SPEC.md §5: submitting is blocked while
 * the captcha or the payment UI is not ready.
 */
import type { CartLine } from '@store/shared/cart';
import { type CheckoutDetails, checkoutMessages } from '@store/shared/checkout';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiClientError } from '#src/lib/api-client';
import { useAttemptKey } from '#src/lib/use-attempt-key';
import { buildCheckoutRequest } from './build-checkout-request';
import { ClientTokenExpiredError } from './card-widget-errors';
import { checkoutToast } from './checkout-toast';
import { postCheckout } from './post-checkout';
import type { PaymentSetup } from './use-payment-setup';

export const SESSION_EXPIRED_MESSAGE = 'Your payment session expired. Please enter your card details again.';

type PlaceOrderOptions = {
  setup: PaymentSetup;
  lines: readonly CartLine[];
  totalCents: number;
  withDelivery: boolean;
  clearCart: () => void;
  /** The server refused these fields (path -> message). */
  onFieldErrors: (fields: Readonly<Record<string, string>>) => void;
};

export type PlaceOrder = {
  placeOrder: (details: CheckoutDetails) => Promise<void>;
  processing: boolean;
  /** What went wrong with the last attempt, in the server's words, for under the button. */
  submitError: string | null;
};

export function usePlaceOrder(options: PlaceOrderOptions): PlaceOrder {
  const { setup, lines, totalCents, withDelivery, clearCart, onFieldErrors } = options;
  const navigate = useNavigate();
  const attemptKey = useAttemptKey();
  const [processing, setProcessing] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  // State updates land after the click; this stops a double click from starting two payments.
  const busy = useRef(false);

  async function placeOrder(details: CheckoutDetails) {
    if (busy.current) return;
    const captcha = setup.captcha.current;
    if (!captcha) return void checkoutToast.error(checkoutMessages.captchaNotReady);
    const widget = setup.widget.current;
    if (!widget || setup.status !== 'ready') return void checkoutToast.error(checkoutMessages.paymentUiNotReady);

    busy.current = true;
    setProcessing(true);
    setSubmitError(null);
    let step: 'captcha' | 'card' | 'order' = 'captcha';
    try {
      const captchaToken = await captcha.execute('checkout');
      step = 'card';
      const nonce = await widget.requestNonce();
      step = 'order';
      const body = buildCheckoutRequest({
        details,
        lines,
        totalCents,
        nonce,
        recaptchaToken: captchaToken.token,
        withDelivery,
      });
      const answer = await postCheckout({ body, captcha: captchaToken, idempotencyKey: attemptKey.get() });
      // Approved or declined: this attempt is over, whatever the visitor does next is a new one.
      attemptKey.finish();
      if (answer.success) {
        checkoutToast.success(checkoutMessages.paymentSucceeded(answer.transactionId));
        navigate('/order-success', { state: { transactionId: answer.transactionId } });
        clearCart();
      } else {
        navigate('/order-failed');
      }
      // The button stays disabled: this page is on its way out.
    } catch (error) {
      checkoutToast.error(checkoutMessages.paymentFailedToast);
      if (error instanceof ClientTokenExpiredError) {
        setSubmitError(SESSION_EXPIRED_MESSAGE);
        setup.retryInitialization();
      } else if (step === 'order' && error instanceof ApiClientError) {
        // 400 fields, 403 captcha, 409, 429 too many declines, 503 not confirmed, network failure...
        setSubmitError(error.message);
        if (error.fields) onFieldErrors(error.fields);
      } else if (step === 'captcha') {
        setSubmitError(checkoutMessages.captchaNotReady);
      }
      // A card problem (CardInputError or a failed tokenization) is shown by the widget itself.
      busy.current = false;
      setProcessing(false);
    }
  }

  return { placeOrder, processing, submitError };
}
