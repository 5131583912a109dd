/**
 * GET /api/public/captcha/challenge: an ALTCHA (v2) proof-of-work challenge, as altcha-lib makes it.
 * The parameters are signed by the server, so every field must reach the browser and come back
 * unchanged: the object is loose (unknown keys are kept, never stripped).
 */
import { z } from 'zod';

export const altchaChallengeSchema = z.object({
  parameters: z.looseObject({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number().int().positive(),
    keyLength: z.number().int().positive(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    /** Unix time in seconds. */
    expiresAt: z.number().optional(),
  }),
  signature: z.string(),
});
export type AltchaChallenge = z.infer<typeof altchaChallengeSchema>;
