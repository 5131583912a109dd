import { checkoutMessages } from '@store/shared/checkout-messages';
import { useLingui } from '#src/lib/i18n/use-lingui';
// The test-store notice beside the banners is styled there; the card form's chunk may come later.
import './card-form.css';
import type { PaymentSetup } from './use-payment-setup';

type PaymentBannersProps = Pick<PaymentSetup, 'status' | 'retryInitialization' | 'reloadWidget'>;

/** SPEC.md §2 "Banners" and §8: loading, the error banner with 'Retry Initialization', 'Payment UI not ready'. */
export function PaymentBanners({ status, retryInitialization, reloadWidget }: PaymentBannersProps) {
  const { i18n } = useLingui();
  switch (status) {
    case 'loading':
      return (
        <p role="status" className="banner">
          {i18n._('Loading payment options...')}
        </p>
      );
    case 'captcha-failed':
    case 'token-failed':
      return (
        <div role="alert" className="banner banner--error">
          <p>
            {i18n._(
              status === 'captcha-failed' ? checkoutMessages.captchaNotReadyYet : checkoutMessages.initFailedBanner,
            )}
          </p>
          <button type="button" className="button" onClick={retryInitialization}>
            {i18n._('Retry Initialization')}
          </button>
        </div>
      );
    case 'widget-failed':
      return (
        <div role="alert" className="banner banner--error">
          <p>{i18n._('Payment UI not ready')}</p>
          <button type="button" className="button" onClick={reloadWidget}>
            {i18n._('Reload Payment UI')}
          </button>
        </div>
      );
    case 'ready':
      return null;
  }
}
