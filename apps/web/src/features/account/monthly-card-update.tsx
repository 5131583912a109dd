/**
 * A new card for a monthly gift (issue 22), in the checkout's own card widget (components/payment:
 * the sandbox form or Braintree's Drop-in, whichever the server runs): the widget's nonce goes to
 * POST /api/account/monthly-gifts/:id/card, where the gateway stores the card. A refused card (402)
 * is said here, in the gateway's words; the gift keeps its old card.
 */
import { type FormEvent, useId, useRef, useState } from 'react';
import { CardInputError } from '#src/components/payment/card-widget-errors';
import { PaymentBanners } from '#src/components/payment/payment-banners';
import { usePaymentSetup } from '#src/components/payment/use-payment-setup';
import { knownText } from '#src/lib/i18n/known-text';
import { Trans } from '#src/lib/i18n/trans';
import { useLingui } from '#src/lib/i18n/use-lingui';

type MonthlyCardUpdateProps = {
  save: (nonce: string) => Promise<unknown>;
  onSaved: () => Promise<void>;
  onClose: () => void;
};

export function MonthlyCardUpdate({ save, onSaved, onClose }: MonthlyCardUpdateProps) {
  const { i18n } = useLingui();
  const id = useId();
  const container = useRef<HTMLDivElement>(null);
  const setup = usePaymentSetup(container);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const widget = setup.widget.current;
    if (saving || !widget || setup.status !== 'ready') return;
    setSaving(true);
    setProblem(null);
    try {
      await save(await widget.requestNonce());
      await onSaved();
    } catch (error) {
      // The widget shows what is wrong with the card on its own fields.
      if (!(error instanceof CardInputError))
        setProblem(error instanceof Error ? knownText(i18n, error.message) : String(error));
      setSaving(false);
      if (error instanceof Error && 'status' in error && error.status === 402) setup.reloadWidget();
    }
  }

  return (
    <form className="form monthly-gift__form" noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`}>{i18n._('New card')}</h4>
      {setup.gateway === 'sandbox' && (
        <p className="checkout-test-notice monthly-gift__test-notice">
          <Trans
            id={/*i18n*/ '<0>Test store: no card is charged.</0> Try the test card 4111 1111 1111 1111.'}
            components={{ 0: <strong /> }}
          />
        </p>
      )}
      <PaymentBanners {...setup} />
      <div ref={container} className="card-widget" />
      <div className="account-actions">
        <button type="submit" className="button" aria-disabled={saving || setup.status !== 'ready'}>
          {saving ? i18n._('Saving card…') : i18n._('Save card')}
        </button>
        <button type="button" className="button button--secondary" onClick={onClose}>
          {i18n._('Keep the current card')}
        </button>
      </div>
      {problem && (
        <p role="alert" className="account-alert">
          {problem}
        </p>
      )}
    </form>
  );
}
