/**
 * Employer matching. A donor ticks "My employer matches gifts" at checkout and names the
 * employer (gift-extras.ts); the thank-you page and the receipt e-mail then say what to do next with
 * the legal name and tax number the employer's form asks for (`matchingDetails`). The treasurer's
 * back-office list shows the flagged gifts, and marks one matched with the employer's payment,
 * recorded as an offline gift linked to it (orders.matches_order_id):
 *
 *   GET  /api/staff/matching?status=awaiting|matched&cursor=   -> 200 matchingPageSchema
 *   POST /api/staff/matching/:orderId/match  markMatchedRequestSchema
 *        -> 201 matchingGiftSchema (the row, matched) | 400 by field | 403 | 404 | 409 already matched
 *
 * Owners and treasurers (the `moveMoney` permission, as offline gifts). Amounts are cents.
 */
import { z } from 'zod';
import { TAX_ID_KINDS } from './matching-next-steps';

/** The checkout answer's `matching` (matching-next-steps.ts `CheckoutMatching`). */
export const checkoutMatchingSchema = z.object({
  employer: z.string(),
  legalName: z.string(),
  ein: z.string().optional(),
  taxIdKind: z.enum(TAX_ID_KINDS),
  askAt: z.string().optional(),
});

// ---- The back office ----------------------------------------------------------------------------

export const MATCHING_STATUSES = ['awaiting', 'matched'] as const;
export type MatchingStatus = (typeof MATCHING_STATUSES)[number];

export const matchingQuerySchema = z.object({
  status: z.enum(MATCHING_STATUSES, 'must be awaiting or matched').optional(),
  cursor: z.string().max(200, 'must be a nextCursor from a matching page').optional(),
});
export type MatchingQuery = z.infer<typeof matchingQuerySchema>;

/** The employer's payment, as it was recorded. */
export const employerMatchSchema = z.object({
  orderId: z.string(),
  amountCents: z.number().int(),
  receivedOn: z.string(),
  method: z.enum(['cheque', 'bank_transfer']),
  reference: z.string(),
  receiptNumber: z.string().nullable(),
});
export type EmployerMatch = z.infer<typeof employerMatchSchema>;

export const matchingGiftSchema = z.object({
  orderId: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  employer: z.string(),
  amountCents: z.number().int(),
  /** Kept after refunds: what the employer may match. */
  refundedCents: z.number().int(),
  currency: z.string(),
  centerName: z.string(),
  receiptNumber: z.string().nullable(),
  /** Null while awaiting the employer. */
  match: employerMatchSchema.nullable(),
});
export type MatchingGift = z.infer<typeof matchingGiftSchema>;

export const matchingPageSchema = z.object({ gifts: z.array(matchingGiftSchema), nextCursor: z.string().nullable() });
export type MatchingPage = z.infer<typeof matchingPageSchema>;

export const MATCH_METHODS = ['cheque', 'bank_transfer'] as const;
export const MATCH_METHOD_LABELS: Record<(typeof MATCH_METHODS)[number], string> = {
  cheque: 'Cheque',
  bank_transfer: 'Bank transfer',
};

const NO_NUL = (value: string) => !value.includes('\u0000');

/** The employer's payment as the treasurer enters it; its currency is the gift's. */
export const markMatchedRequestSchema = z.object({
  amountCents: z.number().int('must be whole cents').positive('must be more than 0').max(100_000_000),
  receivedOn: z.iso.date('must be a date as YYYY-MM-DD'),
  method: z.enum(MATCH_METHODS, 'must be cheque or bank_transfer'),
  /** The cheque number or the bank transfer's reference: the employer's payment is always traceable. */
  reference: z
    .string()
    .trim()
    .min(1, 'is required')
    .max(100, 'must be at most 100 characters')
    .refine(NO_NUL, 'must not contain NUL characters'),
});
export type MarkMatchedRequest = z.infer<typeof markMatchedRequestSchema>;
