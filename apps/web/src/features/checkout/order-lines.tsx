import { formatCents } from '@store/shared/money';

import { MonthlyBadge } from '#src/components/monthly-summary';

/** The line of the processing fee the donor covers: the summary and the thank-you page. */
export const FEE_COVERED_LABEL = /*i18n*/ 'Processing fee covered';

export type OrderLine = { key: string; name: string; quantity: number; amountCents: number; monthly?: boolean };

/**
 * An order's lines (name, quantity, the line's amount) and its total: the checkout's summary and the
 * thank-you page's receipt draw them alike.
 */
export function OrderLines({
  lines,
  fee,
  totalLabel,
  totalCents,
  currency,
}: {
  lines: readonly OrderLine[];
  /** The processing fee the donor covered: a line of its own, after the order's lines. */
  fee?: { label: string; cents: number } | undefined;
  totalLabel: string;
  totalCents: number | null;
  /** The order's currency; US dollars when not said. */
  currency?: string | undefined;
}) {
  return (
    <>
      {lines.length > 0 && (
        <ul className="order-lines">
          {lines.map((line) => (
            <li key={line.key} className="order-lines__line">
              <span className="order-lines__name">
                {line.name}
                {line.monthly === true && <MonthlyBadge />}
              </span>
              <span className="order-lines__quantity">{`× ${line.quantity}`}</span>
              <span className="order-lines__amount">{formatCents(line.amountCents, currency)}</span>
            </li>
          ))}
          {fee && (
            <li className="order-lines__line order-lines__line--fee">
              <span className="order-lines__name">{fee.label}</span>
              <span className="order-lines__amount">{formatCents(fee.cents, currency)}</span>
            </li>
          )}
        </ul>
      )}
      {totalCents !== null && (
        <p className="order-lines__total">
          <span>{totalLabel}</span> <span className="order-lines__amount">{formatCents(totalCents, currency)}</span>
        </p>
      )}
    </>
  );
}
