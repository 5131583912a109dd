/**
 * Monthly giving (issue 22): the rules and the API's shapes, ONE place for the web and the server.
 *
 * A monthly gift is one bucket line marked `monthly`. The checkout charges its first month with the
 * rest of the bucket; then the billing run charges it once per calendar month on its billing day
 * (the day of the first charge, at most the 28th, so every month has it), in the foundation's time
 * zone. A declined charge is tried again RETRY_DELAYS_DAYS later (1, 3, then 7 days after the
 * previous decline); after the last one the gift is paused ('card_declined') until the donor
 * updates the card or resumes it.
 *
 * Dates here are calendar days as 'YYYY-MM-DD' text, periods 'YYYY-MM': no clock, no zone, so the
 * browser and the server count them the same way.
 */
import { z } from 'zod';
import { isWholeCents, MAX_AMOUNT_CENTS } from './money';
import { BILLING_DAY_MAX, billingDayFor } from './monthly-lines';

// The foundation's day of an instant: in calendar-day.ts, which the web reads without zod.
export { calendarDay } from './calendar-day';
// Which items may be monthly: in monthly-lines.ts, which the store's first load reads without zod.
export { canGiveMonthly } from './monthly-lines';

/** The latest billing day: every month has a 28th (monthly-lines.ts). */
export { BILLING_DAY_MAX };

/** Days after each decline before the charge is tried again; after the last, the gift is paused. */
export const RETRY_DELAYS_DAYS: readonly number[] = [1, 3, 7];

export const MONTHLY_GIFT_STATUSES = ['starting', 'active', 'paused', 'cancelled'] as const;
/**
 * 'starting': written with the checkout's pending order, before its first charge; becomes 'active'
 * when that order is paid, 'cancelled' when it is not. Never shown to the donor.
 */
export type MonthlyGiftStatus = (typeof MONTHLY_GIFT_STATUSES)[number];

/** Why a gift is paused: the donor asked, or every retry of a charge was declined. */
export type PausedReason = 'donor' | 'card_declined';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar day written 'YYYY-MM-DD' (2027-02-30 is not one). */
export function isCalendarDay(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

function parts(day: string): [number, number, number] {
  const m = DATE.exec(day);
  if (!m) throw new Error(`not a calendar day: ${day}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The billing day a gift started on `day` keeps: its day of the month, at most the 28th. */
export function billingDayOf(day: string): number {
  return billingDayFor(parts(day)[2]);
}

/** 'YYYY-MM' of a calendar day. */
export function periodOf(day: string): string {
  return day.slice(0, 7);
}

/** The period after `period` ('2026-12' → '2027-01'). */
export function nextPeriod(period: string): string {
  const [y, m] = [Number(period.slice(0, 4)), Number(period.slice(5, 7))];
  return m === 12 ? `${y + 1}-01` : `${y}-${pad(m + 1)}`;
}

/** The billing day of a period: '2027-01' and 15 → '2027-01-15'. */
export function chargeDayIn(period: string, billingDay: number): string {
  return `${period}-${pad(billingDay)}`;
}

/** A calendar day plus some days. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = parts(day);
  const date = new Date(Date.UTC(y, m - 1, d + days));
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/**
 * When a gift started on `day` (its first month charged by the checkout) is next charged: its
 * billing day of the following month, and that month as the period the charge is for.
 */
export function firstScheduledCharge(day: string): { billingDay: number; period: string; chargeOn: string } {
  const billingDay = billingDayOf(day);
  const period = nextPeriod(periodOf(day));
  return { billingDay, period, chargeOn: chargeDayIn(period, billingDay) };
}

/**
 * When a resumed gift is next charged (the one resume rule): its billing day in the current period if
 * that day has not passed yet (today counts), else its billing day in the next period; but never a
 * period before `nextUnpaid`, the gift's own `billing_period` (the first one not paid yet). Without
 * that, a gift paused and resumed in the month its checkout paid would be charged for that month
 * again: the checkout's order pays it but names no period. The months a pause skipped are not
 * charged. The caller resets `failed_attempts` to 0.
 */
export function resumedSchedule(
  today: string,
  billingDay: number,
  nextUnpaid: string,
): { period: string; chargeOn: string } {
  const current = periodOf(today);
  const fromToday = parts(today)[2] <= billingDay ? current : nextPeriod(current);
  // 'YYYY-MM' compares as text in calendar order.
  const period = fromToday < nextUnpaid ? nextUnpaid : fromToday;
  return { period, chargeOn: chargeDayIn(period, billingDay) };
}

// '1st', '2nd', '15th' (for "on the 15th of each month"): in monthly-lines.ts, zod-free for the pages.
export { ordinalDay } from './monthly-lines';

// ---------------------------------------------------------------------------------------------
// The donor's API (/api/account/monthly-gifts, signed in; Origin-checked like the other account
// calls). Amounts are dollars, as everywhere the browser reads them.

export const monthlyGiftCardSchema = z.object({
  brand: z.string(),
  lastFour: z.string(),
  expMonth: z.number().int().nullable(),
  expYear: z.number().int().nullable(),
});
export type MonthlyGiftCard = z.infer<typeof monthlyGiftCardSchema>;

/** One charge of a gift: the checkout's first one, then one per month (and any declined tries). */
export const monthlyChargeSchema = z.object({
  orderId: z.string(),
  /** 'YYYY-MM-DD' in the foundation's zone. */
  date: z.string(),
  amount: z.number(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  receiptNumber: z.string().nullable(),
});
export type MonthlyCharge = z.infer<typeof monthlyChargeSchema>;

/** A concert tier a monthly gift may move to: its price now, in dollars. */
export const monthlyTierSchema = z.object({ id: z.number().int(), name: z.string(), amount: z.number() });
export type MonthlyTier = z.infer<typeof monthlyTierSchema>;

export const monthlyGiftSchema = z.object({
  id: z.string(),
  status: z.enum(['active', 'paused', 'cancelled']),
  pausedReason: z.enum(['donor', 'card_declined']).nullable(),
  /** Dollars per month. */
  amount: z.number(),
  itemId: z.number().int(),
  itemName: z.string(),
  /**
   * True when the donor chose the amount (an open-amount cause): it may be changed to any amount.
   * False for a concert tier: its amount is the tier's price, and only a move to another tier changes it.
   */
  openAmount: z.boolean(),
  /** The tiers a tier's gift may move to, at their prices now (its own among them); [] for an open amount. */
  tiers: z.array(monthlyTierSchema),
  centerName: z.string(),
  billingDay: z.number().int(),
  /** The next charge's day, or null when paused or cancelled. */
  nextChargeOn: z.string().nullable(),
  /** Declines in the current period (0 when the last charge went through). */
  failedAttempts: z.number().int(),
  card: monthlyGiftCardSchema.nullable(),
  createdAt: z.string(),
  cancelledAt: z.string().nullable(),
  /** Each charge also covers the processing fee (the donor turns it on or off). */
  coverFee: z.boolean().optional(),
  /** What covering the fee adds to each month, in dollars, at the entity's fee now. */
  fee: z.number().optional(),
  /** Newest first. */
  charges: z.array(monthlyChargeSchema),
});
export type MonthlyGift = z.infer<typeof monthlyGiftSchema>;

export const monthlyGiftsResponseSchema = z.object({ gifts: z.array(monthlyGiftSchema) });
export type MonthlyGiftsResponse = z.infer<typeof monthlyGiftsResponseSchema>;

/**
 * What the checkout and the dashboard say about a monthly gift, marked for the `giving` catalogue
 * (decision 0042). The server sends them in English (the id); the pages show them translated.
 */
export const monthlyGiftMessages = {
  amount: /*i18n*/ 'Please enter an amount of at least $1.00.',
  amountCents: /*i18n*/ 'Please enter the amount in dollars and cents.',
  signInRequired: /*i18n*/ 'Please sign in or create an account to give monthly.',
  notEligible: /*i18n*/ 'This item cannot be given monthly.',
  cancelled: /*i18n*/ 'This monthly gift was cancelled.',
  amountFixed:
    /*i18n*/ 'This gift is a tier at a set price: its amount cannot be changed. Choose another tier instead.',
  tierOfOpenAmount: /*i18n*/ 'This gift is an amount you chose, not a tier: change its amount instead.',
  tierUnknown: /*i18n*/ 'This tier is not offered. Please choose another.',
  amountOrTier: /*i18n*/ 'Please change either the amount or the tier, not both.',
  coverFee: /*i18n*/ 'Please say whether to cover the processing fee.',
} as const;

/**
 * PATCH /api/account/monthly-gifts/:id — from the next charge on, either a new amount (an open-amount
 * gift only: a tier's amount is its price) or another concert tier (a tier's gift only, at that tier's
 * price now). One of the two; which one the gift allows, the server decides from the gift.
 */
/** A monthly amount in dollars: at least $1, whole cents (the dashboard's field checks with it too). */
export const monthlyAmountSchema = z
  .number(monthlyGiftMessages.amount)
  .min(1, monthlyGiftMessages.amount)
  .max(MAX_AMOUNT_CENTS / 100)
  .refine(isWholeCents, monthlyGiftMessages.amountCents);

export const changeMonthlyGiftSchema = z
  .object({
    amount: monthlyAmountSchema.optional(),
    tierId: z.number(monthlyGiftMessages.tierUnknown).int(monthlyGiftMessages.tierUnknown).positive().optional(),
  })
  .superRefine((body, context) => {
    if (body.amount === undefined && body.tierId === undefined) {
      context.addIssue({ code: 'custom', path: ['amount'], message: monthlyGiftMessages.amount });
    } else if (body.amount !== undefined && body.tierId !== undefined) {
      context.addIssue({ code: 'custom', path: ['tierId'], message: monthlyGiftMessages.amountOrTier });
    }
  });
export type ChangeMonthlyGift = z.infer<typeof changeMonthlyGiftSchema>;

/** PUT /api/account/monthly-gifts/:id/cover-fee — each month covers the processing fee, or stops. */
export const coverMonthlyFeeSchema = z.object({ coverFee: z.boolean(monthlyGiftMessages.coverFee) });
export type CoverMonthlyFee = z.infer<typeof coverMonthlyFeeSchema>;

/** POST /api/account/monthly-gifts/:id/card — a new card from the card widget. */
export const updateMonthlyCardSchema = z.object({ nonce: z.string().min(1, 'nonce is required').max(4096) });
export type UpdateMonthlyCard = z.infer<typeof updateMonthlyCardSchema>;

// ---------------------------------------------------------------------------------------------
// The foundation's view (the report's summary and the back office's list).

export const monthlyGivingSummarySchema = z.object({
  active: z.number().int(),
  paused: z.number().int(),
  cancelled: z.number().int(),
  /** Monthly recurring revenue: the sum of the active gifts' monthly amounts, in dollars. */
  monthlyRecurring: z.number(),
  /** Declined monthly charges in the last 30 days. */
  failedCharges: z.number().int(),
  /** Gifts paused because every retry was declined: someone should call these donors. */
  pausedForDeclines: z.number().int(),
});
export type MonthlyGivingSummary = z.infer<typeof monthlyGivingSummarySchema>;

/** The report CSV's last column: how an order was given. */
export const GIFT_FREQUENCY_LABELS = { oneTime: 'One-time', monthly: 'Monthly' } as const;
