/**
 * The back office's monthly gifts (issue 22): GET /api/staff/monthly-gifts?status=&q=&cursor=.
 * Owners and treasurers read every center; a volunteer their own center's (the summary too).
 * Newest first, by (created_at, id) keyset; 'starting' gifts (a checkout still in flight) are never
 * listed. Amounts are dollars, as in the donor's API (monthly-giving.ts).
 */
import { z } from 'zod';
import { monthlyGivingSummarySchema } from './monthly-giving';

export const STAFF_MONTHLY_GIFT_STATUSES = ['active', 'paused', 'cancelled'] as const;

export const staffMonthlyGiftQuerySchema = z.object({
  status: z.enum(STAFF_MONTHLY_GIFT_STATUSES, 'must be active, paused or cancelled').optional(),
  /** Contains, any case, in "first last" or the e-mail. */
  q: z
    .string()
    .trim()
    .max(200, 'must be at most 200 characters')
    .refine((value) => !value.includes('\u0000'), 'must not contain NUL characters')
    .optional(),
  cursor: z.string().max(200, 'must be a nextCursor from a monthly gifts page').optional(),
});
export type StaffMonthlyGiftQuery = z.infer<typeof staffMonthlyGiftQuerySchema>;

export const staffMonthlyGiftSchema = z.object({
  id: z.string(),
  status: z.enum(STAFF_MONTHLY_GIFT_STATUSES),
  pausedReason: z.enum(['donor', 'card_declined']).nullable(),
  /** Dollars per month. */
  amount: z.number(),
  itemName: z.string(),
  centerId: z.number().int(),
  centerName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  billingDay: z.number().int(),
  /** 'YYYY-MM-DD', or null when paused or cancelled (nothing will be charged). */
  nextChargeOn: z.string().nullable(),
  /** Declines in the current period. */
  failedAttempts: z.number().int(),
  /** The latest charge that went through (the checkout's first month or a billing run's), ISO 8601. */
  lastChargeAt: z.string().nullable(),
  createdAt: z.string(),
  /** The donor has a page in the back office (a paid order with this address). */
  hasDonorPage: z.boolean(),
});
export type StaffMonthlyGift = z.infer<typeof staffMonthlyGiftSchema>;

export const staffMonthlyGiftPageSchema = z.object({
  /** For every gift the member may read (not only this page, not narrowed by status or search). */
  summary: monthlyGivingSummarySchema,
  gifts: z.array(staffMonthlyGiftSchema),
  nextCursor: z.string().nullable(),
});
export type StaffMonthlyGiftPage = z.infer<typeof staffMonthlyGiftPageSchema>;
