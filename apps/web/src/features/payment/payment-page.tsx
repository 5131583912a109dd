import { messages } from '@store/shared/messages';
import { type FormEvent, useId, useState } from 'react';
import { useLingui } from '#src/lib/i18n/use-lingui';
import { useDocumentTitle } from '#src/lib/use-document-title';

/** SPEC.md §3 "Placeholder payment form". */
type PaymentDetails = { name: string; cardNumber: string; expiry: string; cvv: string };

/**
 * `/payment`: the placeholder payment screen (SPEC.md §2, §5, §9). It charges nothing and sends
 * nothing: what the visitor enters stays in this component's state, never in storage, logs or the network.
 * The rupee amount and fixed order id are the spec's own sample values.
 */
export function PaymentPage() {
  const { i18n } = useLingui();
  const id = useId();
  const [recorded, setRecorded] = useState<PaymentDetails | null>(null);
  useDocumentTitle(i18n._(messages.payment.title));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const field = (name: keyof PaymentDetails) => String(data.get(name) ?? '');
    setRecorded({ name: field('name'), cardNumber: field('cardNumber'), expiry: field('expiry'), cvv: field('cvv') });
  }

  return (
    <>
      <h1>{i18n._(messages.payment.title)}</h1>
      <div className="payment-summary">
        <p>{i18n._('Order ID: {id}', { id: messages.payment.orderId })}</p>
        <p>{i18n._('Amount: {amount}', { amount: messages.payment.amount })}</p>
      </div>
      <form className="form" onSubmit={onSubmit} autoComplete="off">
        <div className="field">
          <label htmlFor={`${id}-name`}>{i18n._(messages.payment.nameOnCard)}</label>
          <input id={`${id}-name`} name="name" type="text" required autoComplete="off" />
        </div>
        <div className="field">
          <label htmlFor={`${id}-number`}>{i18n._(messages.payment.cardNumber)}</label>
          <input
            id={`${id}-number`}
            name="cardNumber"
            type="text"
            inputMode="numeric"
            maxLength={16}
            required
            autoComplete="off"
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-expiry`}>{i18n._(messages.payment.expiryDate)}</label>
          <input
            id={`${id}-expiry`}
            name="expiry"
            type="text"
            placeholder={i18n._(messages.payment.expiryHint)}
            required
            autoComplete="off"
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-cvv`}>{i18n._(messages.payment.cvv)}</label>
          <input
            id={`${id}-cvv`}
            name="cvv"
            type="password"
            inputMode="numeric"
            maxLength={4}
            required
            autoComplete="off"
          />
        </div>
        <button type="submit" className="button button--large">
          {i18n._(messages.payment.payNow)}
        </button>
      </form>
      {recorded !== null && (
        <p role="status" className="notice">
          {i18n._(messages.payment.recorded)}
        </p>
      )}
    </>
  );
}
