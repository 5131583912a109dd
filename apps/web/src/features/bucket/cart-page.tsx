import { messages } from '@store/shared/messages';
import { formatCents } from '@store/shared/money';
import toast from 'react-hot-toast';
import { Link, useLocation } from 'react-router';
import { BucketLoading } from '#src/components/bucket-loading';
import { useCart } from '#src/lib/cart/cart-context';
import { cameFromConcert } from '#src/lib/cart/cart-navigation';
import { ClientOnly } from '#src/lib/client-only';
import { useDocumentTitle } from '#src/lib/use-document-title';
import { useHydrated } from '#src/lib/use-hydrated';
import { CartLineItem } from './cart-line-item';

/**
 * `/cart`: the bucket (SPEC.md §2 "Bucket screen", §4 "Bucket"). The back link and heading are in
 * the pre-rendered page; the lines come once the bucket has been read from localStorage.
 */
export function CartPage() {
  const location = useLocation();
  useDocumentTitle(messages.cart.title);
  // History state (where the visitor came from) survives a reload but is unknown to the pre-render.
  const fromConcert = useHydrated() && cameFromConcert(location.state);

  return (
    <>
      <Link className="back-link" to={fromConcert ? '/concert' : '/'}>
        {fromConcert ? messages.cart.backToConcert : messages.cart.backToStore}
      </Link>
      <h1>{messages.cart.title}</h1>
      <ClientOnly fallback={<BucketLoading />}>
        <CartLines />
      </ClientOnly>
    </>
  );
}

function CartLines() {
  const { lines, changeQuantity, remove, totalCents } = useCart();

  function onChangeQuantity(key: string, delta: number) {
    changeQuantity(key, delta);
    // A fixed id updates the one toast instead of stacking a copy per click.
    toast.success(messages.cart.updated, { id: messages.cart.updated });
  }

  function onRemove(key: string) {
    remove(key);
    toast.success(messages.cart.updated, { id: messages.cart.updated });
  }

  if (lines.length === 0) return <p className="notice">{messages.cart.empty}</p>;
  return (
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
  );
}
