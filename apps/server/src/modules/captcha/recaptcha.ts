/**
 * reCAPTCHA v3 (CAPTCHA_PROVIDER=recaptcha): the browser gets a token from Google's script for an
 * action; the server asks Google's siteverify whether it is valid, for this action, and likely human.
 * https://developers.google.com/recaptcha/docs/verify and /docs/v3
 */
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { assertTokenAndAction, captchaFailed, captchaUnavailable } from './captcha-errors';
import type { CaptchaVerifier } from './captcha-verifier';

export const RECAPTCHA_SITEVERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

/** Beyond this, Google counts as down: the visitor gets a 503 rather than a hung checkout. */
const SITEVERIFY_TIMEOUT_MS = 5_000;

/** Google's error codes that mean our set-up is wrong (not the visitor's token). */
const SERVER_SIDE_ERRORS = new Set(['missing-input-secret', 'invalid-input-secret', 'bad-request']);

const siteverifySchema = z.looseObject({
  success: z.boolean(),
  score: z.number().optional(),
  action: z.string().optional(),
  challenge_ts: z.string().optional(),
  hostname: z.string().optional(),
  'error-codes': z.array(z.string()).optional(),
});
type SiteverifyAnswer = z.infer<typeof siteverifySchema>;

export type CreateRecaptchaVerifierOptions = {
  secretKey: string;
  /** 0 to 1: tokens scored below are refused. */
  minScore: number;
  logger: FastifyBaseLogger;
  /** Tests point these at a local fake of siteverify. */
  fetchImpl?: typeof fetch;
  siteverifyUrl?: string;
  timeoutMs?: number;
};

export function createRecaptchaVerifier({
  secretKey,
  minScore,
  logger,
  fetchImpl = fetch,
  siteverifyUrl = RECAPTCHA_SITEVERIFY_URL,
  timeoutMs = SITEVERIFY_TIMEOUT_MS,
}: CreateRecaptchaVerifierOptions): CaptchaVerifier {
  async function siteverify(token: string, remoteIp: string): Promise<SiteverifyAnswer> {
    let body: unknown;
    try {
      const response = await fetchImpl(siteverifyUrl, {
        method: 'POST',
        body: new URLSearchParams({ secret: secretKey, response: token, remoteip: remoteIp }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) throw new Error(`siteverify answered HTTP ${response.status}`);
      body = await response.json();
    } catch (error) {
      logger.warn({ err: error }, 'reCAPTCHA siteverify is unreachable');
      throw captchaUnavailable(error);
    }
    const parsed = siteverifySchema.safeParse(body);
    if (!parsed.success) {
      logger.warn({ issues: parsed.error.issues }, 'reCAPTCHA siteverify answered an unexpected shape');
      throw captchaUnavailable(parsed.error);
    }
    return parsed.data;
  }

  return {
    provider: 'recaptcha',
    async verify(check) {
      const token = assertTokenAndAction(check);
      const answer = await siteverify(token, check.remoteIp);
      const errors = answer['error-codes'] ?? [];
      if (!answer.success) {
        if (errors.some((code) => SERVER_SIDE_ERRORS.has(code))) {
          logger.error({ errorCodes: errors }, 'reCAPTCHA refused our request: check RECAPTCHA_SECRET_KEY');
          throw captchaUnavailable();
        }
        logger.debug({ errorCodes: errors }, 'reCAPTCHA token refused');
        throw captchaFailed(errors.includes('timeout-or-duplicate') ? 'expired' : 'failed');
      }
      // Google's action is the one the token was made for in the browser; the header alone is only a claim.
      if (answer.action !== check.expectedAction) throw captchaFailed('wrongAction');
      // No score: a v2 key or an unexpected answer. Either way not the v3 judgement we asked for.
      if (answer.score === undefined || answer.score < minScore) {
        logger.info({ score: answer.score, minScore, action: answer.action }, 'reCAPTCHA score below threshold');
        throw captchaFailed('failed');
      }
    },
  };
}
