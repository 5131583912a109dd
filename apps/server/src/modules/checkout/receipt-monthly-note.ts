/**
 * What the receipt of an order with monthly lines tells the donor about the gift: that it is
 * monthly, how much each month, when the next charge is (the checkout's order only: it starts the
 * gift, on the schedule monthly-giving wrote from the same day), and that the dashboard manages it.
 * In the order's language (decision 0042).
 */
import { INTL_LOCALE } from '@store/shared/i18n/locales';
import { formatCents } from '@store/shared/money';
import { calendarDay, firstScheduledCharge } from '@store/shared/monthly-giving';
import { serverI18n } from '#src/i18n/server-i18n';
import type { orders } from '#src/modules/ledger/index';
import { formatDay } from '#src/modules/mail/date-format';

type Order = typeof orders.$inferSelect;

export function receiptMonthlyNote(order: Order, timeZone: string): string | null {
  const monthly = order.products.filter((p) => p.monthly === true);
  if (monthly.length === 0) return null;
  const { locale } = order;
  const i18n = serverI18n(locale);
  const cents = monthly.reduce((sum, p) => sum + p.unitCents * p.quantity, 0);
  // English exactly as before languages; another language in the order's currency and conventions.
  const amount = locale === 'en' ? formatCents(cents) : formatCents(cents, order.currency, INTL_LOCALE[locale]);
  // A billing run's charge names its month on its line and is not the gift's start.
  if (order.billingPeriod !== null) return i18n._('This is a charge of your monthly gift of {amount}.', { amount });
  const schedule = firstScheduledCharge(calendarDay(order.createdAt, timeZone));
  return i18n._(
    'This gift is monthly: {amount} each month. The next charge is on {date}, then on the {day, selectordinal, one {#st} two {#nd} few {#rd} other {#th}} of each month.',
    { amount, date: formatDay(schedule.chargeOn, locale), day: schedule.billingDay },
  );
}
