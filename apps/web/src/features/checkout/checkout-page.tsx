import { checkoutMessages } from '@store/shared/checkout';
import { messages } from '@store/shared/messages';
import { Link } from 'react-router';
import { ClientOnly } from '../../lib/client-only';
import { useDocumentTitle } from '../../lib/use-document-title';
import { BucketLoading } from '../bucket/bucket-loading';
import { useCart } from '../bucket/cart-context';
import { CheckoutForm } from './checkout-form';

/**
 * `/checkout` (SPEC.md §2): an empty bucket cannot check out; otherwise the form and the card widget.
 * The heading is in the pre-rendered page; the rest needs the bucket, read in the browser.
 */
export function CheckoutPage() {
  useDocumentTitle('Checkout');
  return (
    <>
      <h1>Checkout</h1>
      <ClientOnly fallback={<BucketLoading />}>
        <CheckoutContent />
      </ClientOnly>
    </>
  );
}

function CheckoutContent() {
  const { lines } = useCart();
  if (lines.length > 0) return <CheckoutForm />;
  return (
    <>
      <p className="notice">{checkoutMessages.emptyBucket}</p>
      <Link className="back-link" to="/">
        {messages.cart.backToStore}
      </Link>
    </>
  );
}
