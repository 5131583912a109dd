import type { CartLine } from '@store/shared/cart';
import { dollarsToCents, formatCents } from '@store/shared/money';

/** What the donor is paying for, line by line. */
export function OrderSummary({ lines }: { lines: readonly CartLine[] }) {
  return (
    <section className="order-summary" aria-labelledby="order-summary-heading">
      <h2 id="order-summary-heading">Order Summary</h2>
      <ul className="order-summary__lines">
        {lines.map((line) => (
          <li key={line.key} className="order-summary__line">
            <span className="order-summary__name">{line.name}</span>
            <span>{`× ${line.quantity}`}</span>
            <span className="order-summary__amount">{formatCents(dollarsToCents(line.price) * line.quantity)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
