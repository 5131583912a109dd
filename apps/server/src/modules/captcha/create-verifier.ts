/** The captcha chosen by CAPTCHA_PROVIDER, built once at start and shared by the routes it guards. */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#src/config';
import type { Database } from '#src/db/client';
import type { AppSecrets } from '#src/db/secrets';
import { altchaKeys, createAltchaVerifier } from './altcha';
import type { CaptchaVerifier } from './captcha-verifier';
import { createOffVerifier } from './off';
import { createRecaptchaVerifier } from './recaptcha';

export type CreateCaptchaVerifierOptions = {
  config: Pick<Config, 'captcha'>;
  db: Database;
  secrets: AppSecrets;
  logger: FastifyBaseLogger;
  /** reCAPTCHA only: tests replace Google's siteverify with a local fake. */
  fetchImpl?: typeof fetch;
  siteverifyUrl?: string;
};

export function createCaptchaVerifier({
  config,
  db,
  secrets,
  logger,
  fetchImpl,
  siteverifyUrl,
}: CreateCaptchaVerifierOptions): CaptchaVerifier {
  const captcha = config.captcha;
  switch (captcha.provider) {
    case 'altcha':
      return createAltchaVerifier({ db, keys: altchaKeys(secrets.session), logger });
    case 'recaptcha':
      return createRecaptchaVerifier({
        secretKey: captcha.secretKey,
        minScore: captcha.minScore,
        logger,
        ...(fetchImpl ? { fetchImpl } : {}),
        ...(siteverifyUrl ? { siteverifyUrl } : {}),
      });
    case 'off':
      return createOffVerifier();
  }
}
