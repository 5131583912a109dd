/** One answer the crash test's load received (checkout-load.ts writes them, the test reads them). */
import { z } from 'zod';

export const loadAnswerSchema = z.object({
  key: z.string(),
  /** What the order was for, in cents. */
  amountCents: z.number().int(),
  /** Paid with the sandbox's declining card. */
  declining: z.boolean(),
  status: z.number().int(),
  /** Set with 200 (success) and 402 (declined). */
  orderId: z.string().optional(),
  transactionId: z.string().optional(),
  /** The Idempotency-Key was sent more than once (after a network error, or a 409/503). */
  retried: z.boolean(),
  replayed: z.boolean(),
  /** The last answer for this key: the visitor stops here. */
  final: z.boolean(),
});

export type LoadAnswer = z.infer<typeof loadAnswerSchema>;
