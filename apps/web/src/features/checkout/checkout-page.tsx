import { checkoutMessages } from '@store/shared/checkout-messages';
import { messages } from '@store/shared/messages';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { BucketLoading } from '#src/components/bucket-loading';
import { useCart } from '#src/lib/cart/cart-context';
import { ClientOnly } from '#src/lib/client-only';
import { useGiving } from '#src/lib/giving-country/use-giving';
import { useLingui } from '#src/lib/i18n/use-lingui';
import { useAfterPaint } from '#src/lib/use-after-paint';
import { useCoveredFee } from '#src/lib/use-covered-fee';
import { useDocumentTitle } from '#src/lib/use-document-title';
import { OrderSummary } from './order-summary';
import './checkout.css';

// The form (its schemas, the centers, the card widget and the captcha) is a chunk of its own,
// fetched once the order summary is on screen: the summary, what the visitor looks at first, then
// waits only for the bucket (Lighthouse's Largest Contentful Paint on /checkout: bench/BENCHMARKS.md).
const CheckoutForm = lazy(() => import('./checkout-form').then((m) => ({ default: m.CheckoutForm })));

/**
 * `/checkout` (SPEC.md §2): an empty bucket cannot check out; otherwise the order summary with the
 * total and the form with the card widget: side by side from 960 px (the summary on the right,
 * sticky), the summary first on a phone. The back link and heading are in the pre-rendered page; the
 * rest needs the bucket, read in the browser.
 */
export function CheckoutPage() {
  const { i18n } = useLingui();
  // The bucket's Checkout button's word (the site's catalogue), so the two never differ.
  const title = i18n._(messages.cart.checkout);
  useDocumentTitle(title);
  return (
    <>
      <Link className="back-link" to="/cart">
        {i18n._('Back to Bucket')}
      </Link>
      <h1>{title}</h1>
      <ClientOnly fallback={<BucketLoading />}>
        <CheckoutContent />
      </ClientOnly>
    </>
  );
}

function CheckoutContent() {
  const { i18n } = useLingui();
  const { lines, totalCents } = useCart();
  const { currency } = useGiving();
  const summaryPainted = useAfterPaint();
  // The fee covered: the setting's default until the form says what its box and center make it.
  const coveredFee = useCoveredFee();
  const [formFeeCents, setFormFeeCents] = useState<number | null>(null);
  const feeCents = formFeeCents ?? (coveredFee.ticked ? coveredFee.feeCents(totalCents) : 0);
  if (lines.length > 0) {
    const formLoading = <FormLoading />;
    return (
      <div className="checkout-layout">
        <OrderSummary
          lines={lines}
          totalCents={totalCents}
          feeCents={feeCents}
          monthlyFee={(cents) => coveredFee.feeCents(cents)}
          currency={currency}
        />
        <div className="checkout-layout__form">
          {summaryPainted ? (
            <Suspense fallback={formLoading}>
              <CheckoutForm onFeeChange={setFormFeeCents} />
            </Suspense>
          ) : (
            formLoading
          )}
        </div>
      </div>
    );
  }
  return (
    <>
      <p className="notice">{i18n._(checkoutMessages.emptyBucket)}</p>
      <Link className="back-link" to="/">
        {i18n._(messages.cart.backToStore)}
      </Link>
    </>
  );
}

/** Holds the form's place (a screen high, so the footer does not jump when the form comes in). */
function FormLoading() {
  const { i18n } = useLingui();
  return (
    <div className="checkout-form-placeholder">
      <p role="status" className="notice">
        {i18n._('Loading the checkout form…')}
      </p>
    </div>
  );
}
