import type { CartLine } from '@store/shared/cart';
import { messages } from '@store/shared/messages';
import { formatCents } from '@store/shared/money';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useLocation } from 'react-router';
import { BucketLoading } from '#src/components/bucket-loading';
import { MonthlySummary } from '#src/components/monthly-summary';
import { UndoNotice } from '#src/components/undo-notice';
import { useCart } from '#src/lib/cart/cart-context';
import { cameFromConcert } from '#src/lib/cart/cart-navigation';
import { ClientOnly } from '#src/lib/client-only';
import { useGiving } from '#src/lib/giving-country/use-giving';
import { useLingui } from '#src/lib/i18n/use-lingui';
import { useCoveredFee } from '#src/lib/use-covered-fee';
import { useDocumentTitle } from '#src/lib/use-document-title';
import { useHydrated } from '#src/lib/use-hydrated';
import { CartLineItem } from './cart-line-item';

/**
 * `/cart`: the bucket (SPEC.md §2 "Bucket screen", §4 "Bucket"). The back link and heading are in
 * the pre-rendered page; the lines come once the bucket has been read from localStorage.
 */
export function CartPage() {
  const { i18n } = useLingui();
  const location = useLocation();
  useDocumentTitle(i18n._(messages.cart.title));
  // History state (where the visitor came from) survives a reload but is unknown to the pre-render.
  const fromConcert = useHydrated() && cameFromConcert(location.state);

  return (
    <>
      <Link className="back-link" to={fromConcert ? '/concert' : '/'}>
        {i18n._(fromConcert ? messages.cart.backToConcert : messages.cart.backToStore)}
      </Link>
      <h1>{i18n._(messages.cart.title)}</h1>
      <ClientOnly fallback={<BucketLoading />}>
        <CartLines />
      </ClientOnly>
    </>
  );
}

/** The line a remove took out and where it was, for Undo. */
type Removed = { line: CartLine; index: number };

function CartLines() {
  const { i18n } = useLingui();
  const { lines, changeQuantity, remove, restore, totalCents } = useCart();
  const { currency } = useGiving();
  const [removed, setRemoved] = useState<Removed | null>(null);
  // Covering the fee is ticked at checkout by default; the bucket shows it as its own line.
  const coveredFee = useCoveredFee();
  const feeCents = coveredFee.ticked ? coveredFee.feeCents(totalCents) : 0;

  // A fixed id updates the one toast instead of stacking a copy per click.
  const toastUpdated = () => toast.success(i18n._(messages.cart.updated), { id: messages.cart.updated });

  function onChangeQuantity(key: string, delta: number) {
    changeQuantity(key, delta);
    toastUpdated();
  }

  function onRemove(key: string) {
    const index = lines.findIndex((l) => l.key === key);
    const line = lines[index];
    if (line) setRemoved({ line, index });
    remove(key);
    toastUpdated();
  }

  function onUndo() {
    if (!removed) return;
    restore(removed.line, removed.index);
    setRemoved(null);
  }

  return (
    <>
      <UndoNotice removed={removed?.line ?? null} onUndo={onUndo} className="cart-removed" />
      {lines.length === 0 ? (
        <p className="notice">{i18n._(messages.cart.empty)}</p>
      ) : (
        <>
          <ul className="cart-lines">
            {lines.map((line) => (
              <CartLineItem
                key={line.key}
                line={line}
                currency={currency}
                onChangeQuantity={onChangeQuantity}
                onRemove={onRemove}
              />
            ))}
          </ul>
          {feeCents > 0 && (
            <p className="fieldset__note cart-fee">
              {i18n._('Processing fee covered: {amount}. You can change this at checkout.', {
                amount: formatCents(feeCents, currency),
              })}
            </p>
          )}
          <p className="cart-total">{`${i18n._(messages.cart.total)} ${formatCents(totalCents + feeCents, currency)}`}</p>
          <MonthlySummary
            lines={lines}
            totalCents={totalCents + feeCents}
            currency={currency}
            className="cart-monthly"
            {...(feeCents > 0 ? { monthlyFee: (cents: number) => coveredFee.feeCents(cents) } : {})}
          />
          <Link className="button button--large cart-checkout" to="/checkout">
            {i18n._(messages.cart.checkout)}
          </Link>
        </>
      )}
    </>
  );
}
