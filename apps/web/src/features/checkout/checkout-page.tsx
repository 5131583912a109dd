import { checkoutMessages } from '@store/shared/checkout';
import { messages } from '@store/shared/messages';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCart } from '../bucket/cart-context';
import { CheckoutForm } from './checkout-form';

/** `/checkout` (SPEC.md §2): an empty bucket cannot check out; otherwise the form and the card widget. */
export function CheckoutPage() {
  useDocumentTitle('Checkout');
  const { lines } = useCart();
  return (
    <>
      <h1>Checkout</h1>
      {lines.length === 0 ? (
        <>
          <p className="notice">{checkoutMessages.emptyBucket}</p>
          <Link className="back-link" to="/">
            {messages.cart.backToStore}
          </Link>
        </>
      ) : (
        <CheckoutForm />
      )}
    </>
  );
}
