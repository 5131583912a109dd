/**
 * ALTCHA (altcha-lib v2), the default captcha: self-hosted, invisible proof of work.
 *
 * The server issues a challenge signed with a key derived from the session secret. The browser
 * searches for the counter whose PBKDF2 key starts with the signed prefix (deterministic mode: the
 * server picked the counter, so the work is bounded) and sends back base64(JSON({ challenge,
 * solution })) as X-Captcha-Token. Verification needs no state but the replay table: the signature
 * proves the challenge is ours and unexpired, the key signature proves the solution, and
 * captcha_spent lets each solution through once.
 */
import { createHmac } from 'node:crypto';
import { type AltchaChallenge, altchaChallengeSchema } from '@store/shared/altcha-challenge';
import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Database } from '#src/db/client';
import { assertTokenAndAction, captchaFailed } from './captcha-errors';
import type { CaptchaVerifier } from './captcha-verifier';
import { markSolutionSpent, purgeExpiredSolutions } from './spent-solutions';

/**
 * The browser derives one PBKDF2 key (1,000 iterations) per counter until it reaches the server's
 * counter, picked at random in [counterMin, counterMax]. Measured (docs/decisions/0005-captcha-without-the-widget.md): about
 * 1 ms per counter in Node and in Chromium on a slow 2-core VM, so 0.1 to 0.3 s per solve; the
 * server spends one derivation (~1 ms) per challenge and two HMACs per verification.
 */
export const ALTCHA_DIFFICULTY = { algorithm: 'PBKDF2/SHA-256', cost: 1_000, counterMin: 100, counterMax: 300 };
export type AltchaDifficulty = typeof ALTCHA_DIFFICULTY;

/** Long enough for a slow checkout form, short enough that a stockpile of solutions goes stale. */
export const ALTCHA_TTL_MS = 10 * 60_000;

/** A token is about 700 characters; anything much longer is not ours and is not decoded. */
const MAX_TOKEN_LENGTH = 4_096;

/** Expired rows are deleted at most this often per process, on the way through a verification. */
const PURGE_INTERVAL_MS = 10 * 60_000;

export type AltchaKeys = { hmacSignatureSecret: string; hmacKeySignatureSecret: string };

/** Separate keys for separate uses: the session secret itself never signs a challenge. */
export function altchaKeys(sessionSecret: string): AltchaKeys {
  const derive = (label: string) => createHmac('sha256', sessionSecret).update(label).digest('hex');
  return {
    hmacSignatureSecret: derive('altcha/challenge-signature/v1'),
    hmacKeySignatureSecret: derive('altcha/key-signature/v1'),
  };
}

export type CreateAltchaChallengeOptions = {
  keys: AltchaKeys;
  difficulty?: AltchaDifficulty;
  /** Milliseconds; tests pass a past time to make an expired challenge. */
  now?: number;
};

export async function createAltchaChallenge({
  keys,
  difficulty = ALTCHA_DIFFICULTY,
  now = Date.now(),
}: CreateAltchaChallengeOptions): Promise<AltchaChallenge> {
  const { parameters, signature } = await createChallenge({
    algorithm: difficulty.algorithm,
    cost: difficulty.cost,
    counter: randomInt(difficulty.counterMax, difficulty.counterMin),
    deriveKey,
    expiresAt: Math.floor((now + ALTCHA_TTL_MS) / 1000),
    ...keys,
  });
  if (signature === undefined) throw new Error('altcha-lib made an unsigned challenge');
  return { parameters: { ...parameters }, signature };
}

const payloadSchema = z.object({
  challenge: altchaChallengeSchema,
  solution: z.object({ counter: z.number().int().nonnegative(), derivedKey: z.string() }),
});
type AltchaPayload = z.infer<typeof payloadSchema>;

function decodeToken(token: string): AltchaPayload | undefined {
  if (token.length > MAX_TOKEN_LENGTH) return undefined;
  try {
    const parsed = payloadSchema.safeParse(JSON.parse(Buffer.from(token, 'base64').toString('utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export type CreateAltchaVerifierOptions = {
  db: Database;
  keys: AltchaKeys;
  logger: FastifyBaseLogger;
};

export function createAltchaVerifier({ db, keys, logger }: CreateAltchaVerifierOptions): CaptchaVerifier {
  let nextPurgeAt = 0;

  async function purgeNowAndThen(): Promise<void> {
    const now = Date.now();
    if (now < nextPurgeAt) return;
    nextPurgeAt = now + PURGE_INTERVAL_MS;
    // Housekeeping must never cost the visitor their request.
    await purgeExpiredSolutions(db, new Date(now)).catch((error: unknown) =>
      logger.warn({ err: error }, 'could not purge expired captcha solutions'),
    );
  }

  return {
    provider: 'altcha',
    async verify(check) {
      const token = assertTokenAndAction(check);
      const payload = decodeToken(token);
      if (!payload) throw captchaFailed('failed');
      const { challenge, solution } = payload;

      const result = await verifySolution({ challenge, solution, deriveKey, ...keys }).catch((error: unknown) => {
        // altcha-lib throws on some malformed input (e.g. odd-length hex): that is a bad token, not our bug.
        logger.debug({ err: error }, 'altcha verification threw');
        return undefined;
      });
      if (result?.expired) throw captchaFailed('expired');
      if (!result?.verified || challenge.parameters.expiresAt === undefined) throw captchaFailed('failed');

      const expiresAt = new Date(challenge.parameters.expiresAt * 1000);
      if (!(await markSolutionSpent(db, challenge.signature, expiresAt))) throw captchaFailed('replayed');
      await purgeNowAndThen();
    },
  };
}
