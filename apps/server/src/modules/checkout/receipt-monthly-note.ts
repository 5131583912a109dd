/**
 * What the receipt of an order with monthly lines tells the donor about the gift: that it is
 * monthly, how much each month, when the next charge is (the checkout's order only: it starts the
 * gift, on the schedule monthly-giving wrote from the same day), and that the dashboard manages it.
 */
import { formatCents } from '@store/shared/money';
import { calendarDay, firstScheduledCharge, ordinalDay } from '@store/shared/monthly-giving';
import type { orders } from '#src/modules/ledger/index';
import { formatDay } from '#src/modules/mail/date-format';

type Order = typeof orders.$inferSelect;

export function receiptMonthlyNote(order: Order, timeZone: string): string | null {
  const monthly = order.products.filter((p) => p.monthly === true);
  if (monthly.length === 0) return null;
  const eachMonth = formatCents(monthly.reduce((sum, p) => sum + p.unitCents * p.quantity, 0));
  // A billing run's charge names its month on its line and is not the gift's start.
  if (order.billingPeriod !== null) return `This is a charge of your monthly gift of ${eachMonth}.`;
  const schedule = firstScheduledCharge(calendarDay(order.createdAt, timeZone));
  return `This gift is monthly: ${eachMonth} each month. The next charge is on ${formatDay(schedule.chargeOn)}, then on the ${ordinalDay(schedule.billingDay)} of each month.`;
}
