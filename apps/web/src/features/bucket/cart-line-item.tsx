import { type CartLine, QUANTITY_MAX, QUANTITY_MIN } from '@store/shared/cart';
import { messages } from '@store/shared/messages';
import { dollarsToCents, formatCents, formatDollars } from '@store/shared/money';
import { MonthlyBadge } from '#src/components/monthly-summary';
import { useLingui } from '#src/lib/i18n/use-lingui';

type CartLineItemProps = {
  line: CartLine;
  /** The bucket's currency. */
  currency?: string;
  onChangeQuantity: (key: string, delta: number) => void;
  onRemove: (key: string) => void;
};

/**
 * One bucket line (SPEC.md §2 "Bucket screen"): name and unit price, then minus / quantity / plus,
 * the line's total (the book at quantity 3 reads $15.00) and remove. The controls sit beside the
 * name from 768 px, below it on a phone (styles.css .cart-line).
 */
export function CartLineItem({ line, onChangeQuantity, onRemove, currency }: CartLineItemProps) {
  const { i18n } = useLingui();
  return (
    <li className="cart-line">
      <span className="cart-line__info">
        <span className="cart-line__name">
          {line.name}
          {line.monthly === true && <MonthlyBadge />}
        </span>
        <span className="cart-line__price">{`${formatDollars(line.price, currency)} ${i18n._(messages.cart.each)}`}</span>
      </span>
      <span className="cart-line__controls">
        <span className="cart-line__quantity">
          <button
            type="button"
            className="icon-button"
            aria-label={i18n._('Decrease quantity of {name}', { name: line.name })}
            disabled={line.quantity <= QUANTITY_MIN}
            onClick={() => onChangeQuantity(line.key, -1)}
          >
            −
          </button>
          {/* <output> is announced when it changes, so the new quantity is heard after minus / plus. */}
          <output className="cart-line__count" aria-label={i18n._('Quantity of {name}', { name: line.name })}>
            {line.quantity}
          </output>
          <button
            type="button"
            className="icon-button"
            aria-label={i18n._('Increase quantity of {name}', { name: line.name })}
            disabled={line.quantity >= QUANTITY_MAX}
            onClick={() => onChangeQuantity(line.key, 1)}
          >
            +
          </button>
        </span>
        <span className="cart-line__total">{formatCents(dollarsToCents(line.price) * line.quantity, currency)}</span>
        <button
          type="button"
          className="icon-button icon-button--remove"
          aria-label={i18n._('Remove {name}', { name: line.name })}
          onClick={() => onRemove(line.key)}
        >
          ✕
        </button>
      </span>
    </li>
  );
}
