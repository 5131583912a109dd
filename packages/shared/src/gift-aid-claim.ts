/**
 * The quarter's UK Gift Aid claim (modules/gift-aid): the donations HMRC's Charities Online schedule
 * lists, their total and the tax the charity claims back. The page and the route read the same rules.
 */
import { z } from 'zod';
import { calendarDay } from './calendar-day';

/** HMRC dates a donation by the UK day it was made, whatever zone the foundation keeps. */
export const GIFT_AID_TIME_ZONE = 'Europe/London';

/**
 * The schedule's field limits (Charities Online, "Gift Aid schedule spreadsheet" guidance). A longer
 * value is refused by HMRC's upload; cutting it would claim under a name the donor never gave.
 */
export const GIFT_AID_LIMITS = { firstName: 35, lastName: 35, house: 40 } as const;

/** Basic-rate Gift Aid: 25p for every £1 given (20% basic rate on the gross gift of £1.25). */
export function claimablePence(totalPence: number): number {
  // HMRC repays whole pence; rounding down never claims more than is due.
  return Math.floor(totalPence / 4);
}

const QUARTER = /^(\d{4})-Q([1-4])$/;

export const giftAidQuarterSchema = z
  .string('must be a quarter as YYYY-Qn, such as 2026-Q4')
  .regex(QUARTER, 'must be a quarter as YYYY-Qn (n from 1 to 4), such as 2026-Q4');

export const giftAidClaimQuerySchema = z.object({ quarter: giftAidQuarterSchema });

/** 'YYYY-Qn' as numbers, or null when it is not one. */
export function quarterParts(quarter: string): { year: number; quarter: 1 | 2 | 3 | 4 } | null {
  const match = QUARTER.exec(quarter);
  if (!match) return null;
  return { year: Number(match[1]), quarter: Number(match[2]) as 1 | 2 | 3 | 4 };
}

/** The `count` latest quarters at `now` in the UK, this one first: the ones a claim is made for. */
export function recentQuarters(now: Date, count: number): string[] {
  const day = calendarDay(now, GIFT_AID_TIME_ZONE);
  let year = Number(day.slice(0, 4));
  let quarter = Math.floor((Number(day.slice(5, 7)) - 1) / 3) + 1;
  const quarters: string[] = [];
  for (let i = 0; i < count; i += 1) {
    quarters.push(`${year}-Q${quarter}`);
    quarter -= 1;
    if (quarter === 0) {
      quarter = 4;
      year -= 1;
    }
  }
  return quarters;
}

/** One donation on the schedule: what the donor declared and what may be claimed on. */
export const giftAidClaimRowSchema = z.object({
  orderId: z.string(),
  receiptNumber: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  house: z.string(),
  postcode: z.string(),
  /** 'YYYY-MM-DD', the UK day of the gift. */
  donationDate: z.string(),
  /** The gift part less what was refunded, in pence. */
  amountPence: z.number().int(),
});
export type GiftAidClaimRow = z.infer<typeof giftAidClaimRowSchema>;

/** A declaration the schedule cannot take as it stands: left out of the claim until it is put right. */
export const giftAidAttentionSchema = giftAidClaimRowSchema.extend({
  /** Each in words: 'First name is 41 characters; HMRC takes at most 35'. */
  problems: z.array(z.string()),
});
export type GiftAidAttention = z.infer<typeof giftAidAttentionSchema>;

export const giftAidClaimSchema = z.object({
  quarter: z.string(),
  /** A test store's claim: its sandbox gifts, which moved no money. Never to be sent to HMRC. */
  test: z.boolean().default(false),
  donations: z.number().int(),
  totalPence: z.number().int(),
  claimablePence: z.number().int(),
  rows: z.array(giftAidClaimRowSchema),
  attention: z.array(giftAidAttentionSchema),
});
export type GiftAidClaim = z.infer<typeof giftAidClaimSchema>;

/** The claim's file name: the quarter alone names it (one claim per quarter). */
export const giftAidClaimFileName = (quarter: string): string => `gift-aid-claim-${quarter}.csv`;
