/**
 * The checkout's monthly gifts (checkout/monthly-gift-starter.ts): one 'starting' gift per monthly
 * line, written after the card is stored and before it is charged; then settled with the order.
 */
import { randomUUID } from 'node:crypto';
import { calendarDay, firstScheduledCharge } from '@store/shared/monthly-giving';
import type { Database } from '#src/db/client';
import type { MonthlyGiftStarter } from '#src/modules/checkout/monthly-gift-starter';
import type { OrderProduct } from '#src/modules/ledger/index';
import { lineDeductibleCents } from '#src/modules/receipts/deductible';
import { monthlyLineKeys } from './gift-line-key';
import { settleStartingGifts } from './settle-starting-gifts';
import { monthlyGifts } from './tables';

/** A line as one month of it: quantity 1 at the line's total, its value received scaled the same. */
export function oneMonthOf(product: OrderProduct): OrderProduct {
  const { fairMarketValueCents } = product;
  return {
    ...product,
    unitCents: product.unitCents * product.quantity,
    quantity: 1,
    ...(fairMarketValueCents === undefined ? {} : { fairMarketValueCents: fairMarketValueCents * product.quantity }),
  };
}

export function createMonthlyGiftStarter({ db, timeZone }: { db: Database; timeZone: string }): MonthlyGiftStarter {
  return {
    async start(order, vaulted) {
      if (order.userId === null) throw new Error('a monthly gift needs an account');
      // The day the order was placed, as the checkout's answer says it (checkout-answer.ts).
      const schedule = firstScheduledCharge(calendarDay(order.createdAt, timeZone));
      const rows = monthlyLineKeys(order.products).map(({ key, product }) => {
        const month = oneMonthOf(product);
        return {
          id: randomUUID(),
          userId: order.userId,
          status: 'starting' as const,
          firstOrderId: order.id,
          lineKey: key,
          product: month,
          amountCents: month.unitCents,
          currency: order.currency,
          entityKey: order.entityKey,
          deductibleCents: lineDeductibleCents(month),
          centerId: order.centerId,
          centerName: order.centerName,
          firstName: order.firstName,
          lastName: order.lastName,
          studentName: order.studentName,
          email: order.email,
          mobile: order.mobile,
          donorAddress: order.donorAddress,
          // A checkout's order is the sandbox's or Braintree's (never an offline gift's).
          gateway: order.gateway === 'braintree' ? ('braintree' as const) : ('sandbox' as const),
          test: order.test,
          vaultCustomerId: vaulted.customerId,
          paymentMethodToken: vaulted.paymentMethodToken,
          cardBrand: vaulted.card.brand,
          cardLastFour: vaulted.card.lastFour,
          cardExpMonth: vaulted.card.expMonth,
          cardExpYear: vaulted.card.expYear,
          paymentKind: vaulted.kind ?? 'card',
          // The checkout covered the fee, so each month covers it too (the donor may stop it).
          coverFee: order.feeCoveredCents > 0,
          billingDay: schedule.billingDay,
          billingPeriod: schedule.period,
          nextChargeOn: schedule.chargeOn,
          locale: order.locale,
        };
      });
      if (rows.length === 0) return;
      await db.insert(monthlyGifts).values(rows).onConflictDoNothing();
    },
    async settle(orderId) {
      await settleStartingGifts(db, orderId);
    },
  };
}
