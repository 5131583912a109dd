import type { CartLine } from '@store/shared/cart';
import { dollarsToCents } from '@store/shared/money';
import { MonthlySummary } from '#src/components/monthly-summary';
import { useLingui } from '#src/lib/i18n/use-lingui';
import { FEE_COVERED_LABEL, OrderLines } from './order-lines';

type OrderSummaryProps = {
  lines: readonly CartLine[];
  totalCents: number;
  /** The processing fee the donor covers, its own line and part of the total. */
  feeCents?: number | undefined;
  /** What covering the fee adds to a month's amount, when the donor covers it. */
  monthlyFee?: ((perMonthCents: number) => number) | undefined;
  currency?: string | undefined;
};

/**
 * What the donor is paying for, line by line, and the total: beside the form on a desktop (sticky,
 * so the total stays in view), above it on a phone (checkout.css).
 */
export function OrderSummary({ lines, totalCents, feeCents = 0, monthlyFee, currency }: OrderSummaryProps) {
  const { i18n } = useLingui();
  return (
    <section className="order-summary" aria-labelledby="order-summary-heading">
      <h2 id="order-summary-heading">{i18n._('Order Summary')}</h2>
      <OrderLines
        lines={lines.map((line) => ({
          key: line.key,
          name: line.name,
          quantity: line.quantity,
          amountCents: dollarsToCents(line.price) * line.quantity,
          monthly: line.monthly === true,
        }))}
        fee={feeCents > 0 ? { label: i18n._(FEE_COVERED_LABEL), cents: feeCents } : undefined}
        totalLabel={i18n._('Total')}
        totalCents={totalCents + feeCents}
        currency={currency}
      />
      <MonthlySummary
        lines={lines}
        totalCents={totalCents + feeCents}
        currency={currency}
        {...(feeCents > 0 && monthlyFee ? { monthlyFee } : {})}
      />
    </section>
  );
}
