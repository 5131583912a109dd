import { messages } from '@store/shared/messages';
import { formatCents } from '@store/shared/money';
import toast from 'react-hot-toast';
import { Link, useLocation } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCart } from './cart-context';
import { CartLineItem } from './cart-line-item';
import { cameFromConcert } from './cart-navigation';

/** `/cart`: the bucket (SPEC.md §2 "Bucket screen", §4 "Bucket"). */
export function CartPage() {
  const location = useLocation();
  const { lines, changeQuantity, remove, totalCents } = useCart();
  useDocumentTitle(messages.cart.title);
  const fromConcert = cameFromConcert(location.state);

  function onChangeQuantity(key: string, delta: number) {
    changeQuantity(key, delta);
    // A fixed id updates the one toast instead of stacking a copy per click.
    toast.success(messages.cart.updated, { id: messages.cart.updated });
  }

  function onRemove(key: string) {
    remove(key);
    toast.success(messages.cart.updated, { id: messages.cart.updated });
  }

  return (
    <>
      <Link className="back-link" to={fromConcert ? '/concert' : '/'}>
        {fromConcert ? messages.cart.backToConcert : messages.cart.backToStore}
      </Link>
      <h1>{messages.cart.title}</h1>
      {lines.length === 0 ? (
        <p className="notice">{messages.cart.empty}</p>
      ) : (
        <>
          <ul className="cart-lines">
            {lines.map((line) => (
              <CartLineItem key={line.key} line={line} onChangeQuantity={onChangeQuantity} onRemove={onRemove} />
            ))}
          </ul>
          <p className="cart-total">{`${messages.cart.total} ${formatCents(totalCents)}`}</p>
          <Link className="button button--large" to="/checkout">
            {messages.cart.checkout}
          </Link>
        </>
      )}
    </>
  );
}
