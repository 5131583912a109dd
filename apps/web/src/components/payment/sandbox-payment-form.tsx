/**
 * The `sandbox` gateway's payment choice, as Braintree's Drop-in offers it: the site's
 * enabled methods in their order (card first), as a radio group. The card keeps its own form
 * (sandbox-card-form.tsx, kept mounted while a wallet is chosen so what was typed stays); a wallet
 * shows a short panel and pays with Braintree's documented test nonce for it, without the tokenizer.
 * A bucket with a monthly line pays with PayPal's billing-agreement nonce (the Drop-in's vault flow):
 * a one-time payment cannot be stored for later months. PayPal Credit is a PayPal account
 * (Braintree has no test nonce of its own for it); the request's `paymentMethod` tells it apart.
 */
import { PAYMENT_METHOD_NAMES, type PaymentMethodKind, WALLET_TEST_NONCES } from '@store/shared/payment-methods';
import { type Ref, useId, useImperativeHandle, useRef, useState } from 'react';
import { useLingui } from '#src/lib/i18n/use-lingui';
import { SandboxCardForm, type SandboxCardFormHandle } from './sandbox-card-form';
import './sandbox-payment-form.css';

export type SandboxPaymentFormHandle = SandboxCardFormHandle & { chosenMethod(): PaymentMethodKind };

type SandboxPaymentFormProps = {
  clientToken: string;
  /** The enabled methods in order; the card alone when absent or empty. */
  methods?: readonly PaymentMethodKind[] | undefined;
  monthly?: boolean | undefined;
  ref?: Ref<SandboxPaymentFormHandle>;
};

/** The test nonce a wallet pays with in the sandbox (payment-methods.ts `WALLET_TEST_NONCES`). */
export function walletTestNonce(method: Exclude<PaymentMethodKind, 'card'>, monthly: boolean): string {
  switch (method) {
    case 'paypal':
    case 'paypalCredit':
      return monthly ? WALLET_TEST_NONCES.paypalVault : WALLET_TEST_NONCES.paypal;
    case 'venmo':
      return WALLET_TEST_NONCES.venmo;
    case 'applePay':
      return WALLET_TEST_NONCES.applePay;
    case 'googlePay':
      return WALLET_TEST_NONCES.googlePay;
  }
}

export function SandboxPaymentForm({ clientToken, methods, monthly = false, ref }: SandboxPaymentFormProps) {
  const { i18n } = useLingui();
  const id = useId();
  const offered = methods && methods.length > 0 ? methods : (['card'] as const);
  const [chosen, setChosen] = useState<PaymentMethodKind>(offered[0] ?? 'card');
  const card = useRef<SandboxCardFormHandle | null>(null);
  // Read by the handle's functions when the page calls them, not when it was made.
  const current = useRef(chosen);
  current.current = chosen;

  useImperativeHandle(ref, () => ({
    chosenMethod: () => current.current,
    async requestNonce() {
      const method = current.current;
      if (method !== 'card') return walletTestNonce(method, monthly);
      if (!card.current) throw new Error('The card form is not mounted.');
      return card.current.requestNonce();
    },
    showErrors() {
      if (current.current === 'card') card.current?.showErrors();
    },
    suggestCardholderName(name) {
      card.current?.suggestCardholderName(name);
    },
  }));

  const methodName = (method: PaymentMethodKind) =>
    // Brand names stay as they are; only "Card" is a word to translate.
    method === 'card' ? i18n._('Card') : PAYMENT_METHOD_NAMES[method];
  const cardForm = offered.includes('card') && (
    <div hidden={chosen !== 'card'}>
      <SandboxCardForm clientToken={clientToken} ref={card} />
    </div>
  );
  if (offered.length === 1 && offered[0] === 'card') return cardForm;

  return (
    <div className="payment-choice">
      <fieldset className="payment-choice__methods">
        <legend className="payment-choice__legend">{i18n._('Pay with')}</legend>
        <div className="payment-choice__options">
          {offered.map((method) => (
            <label key={method} className="payment-choice__option" htmlFor={`${id}-${method}`}>
              <input
                id={`${id}-${method}`}
                type="radio"
                name={`${id}-method`}
                value={method}
                checked={chosen === method}
                onChange={() => setChosen(method)}
              />
              <span>{methodName(method)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {cardForm}
      {chosen !== 'card' && (
        <section className="payment-choice__wallet" aria-live="polite" aria-labelledby={`${id}-wallet`}>
          <h3 id={`${id}-wallet`} className="payment-choice__wallet-title">
            {i18n._('{method} (test)', { method: PAYMENT_METHOD_NAMES[chosen] })}
          </h3>
          <p>
            {i18n._(
              'This test store pays with {method}’s test account when you place the order: no {method} window opens and nothing is charged.',
              { method: PAYMENT_METHOD_NAMES[chosen] },
            )}
          </p>
          {monthly && (
            <p>
              {i18n._('You agree that {method} pays the monthly gift each month, until you change or cancel it.', {
                method: PAYMENT_METHOD_NAMES[chosen],
              })}
            </p>
          )}
        </section>
      )}
    </div>
  );
}
