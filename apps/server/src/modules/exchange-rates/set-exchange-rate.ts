/**
 * A treasurer enters or corrects a day's rate (decision 0040): stored as theirs ('staff', which the
 * feed never overwrites), audited with the rate it replaced, and given to that day's orders that
 * have none yet, all in one transaction so the audit line and the change never part.
 */
import { calendarDay } from '@store/shared/calendar-day';
import type { Currency } from '@store/shared/currencies';
import { type ExchangeRate, plainRate } from '@store/shared/exchange-rates';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { AppError } from '#src/errors/app-error';
import { fillOrderRates } from '#src/modules/ledger/index';
import { type AuditActor, recordAudit } from '#src/modules/staff/audit';
import { exchangeRates } from './tables';

export type SetExchangeRateInput = {
  day: string;
  currency: Currency;
  rate: string;
  actor: AuditActor;
  homeCurrency: Currency;
  timeZone: string;
};

export async function setExchangeRate(
  db: Database,
  input: SetExchangeRateInput,
): Promise<ExchangeRate & { ordersFilled: number }> {
  const { day, currency, rate, actor, homeCurrency, timeZone } = input;
  if (currency === homeCurrency) {
    throw new AppError('validation_error', `${homeCurrency} is the home currency: its rate is always 1.`, {
      fields: { currency: `must not be the home currency (${homeCurrency})` },
    });
  }
  // A rate is what a day's gifts were worth; a day that has not come at the foundation has none yet.
  if (day > calendarDay(new Date(), timeZone)) {
    throw new AppError('validation_error', 'A rate can be set for today or an earlier day.', {
      fields: { day: 'must be today or earlier' },
    });
  }
  return db.transaction(async (tx) => {
    const key = and(eq(exchangeRates.day, day), eq(exchangeRates.currency, currency));
    const [before] = await tx
      .select({ rate: exchangeRates.rate, source: exchangeRates.source })
      .from(exchangeRates)
      .where(key)
      .for('update');
    const [row] = await tx
      .insert(exchangeRates)
      .values({ day, currency, rate, source: 'staff', setBy: actor.id })
      .onConflictDoUpdate({
        target: [exchangeRates.day, exchangeRates.currency],
        set: { rate, source: 'staff', setBy: actor.id, updatedAt: sql`now()` },
      })
      .returning();
    if (!row) throw new Error(`exchange rate ${day} ${currency} was written but not returned`);
    await recordAudit(tx, {
      actor,
      action: 'exchange_rate.set',
      targetType: 'exchange_rate',
      targetId: `${day} ${currency}`,
      before: before ? { rate: plainRate(before.rate), source: before.source } : null,
      after: { rate: plainRate(row.rate), source: 'staff' },
    });
    const ordersFilled = await fillOrderRates(tx, { day, currency, rate: row.rate, timeZone });
    return {
      day: row.day,
      currency,
      rate: plainRate(row.rate),
      source: row.source,
      updatedAt: row.updatedAt.toISOString(),
      ordersFilled,
    };
  });
}
