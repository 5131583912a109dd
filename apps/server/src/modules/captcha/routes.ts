/**
 * GET /api/public/captcha/challenge: a fresh ALTCHA challenge (CAPTCHA_PROVIDER=altcha only).
 * GET /api/public/client-config: which captcha and which payment gateway the browser must load, and
 * where the auth server is.
 */
import { altchaChallengeSchema } from '@store/shared/altcha-challenge';
import { type ClientConfig, clientConfigSchema } from '@store/shared/client-config';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '#src/config';
import type { AppSecrets } from '#src/db/secrets';
import { AppError } from '#src/errors/app-error';
import { altchaKeys, createAltchaChallenge } from './altcha';

export type CaptchaRoutesOptions = {
  config: Pick<Config, 'captcha' | 'payment' | 'authBaseUrl'>;
  secrets: AppSecrets;
};

export function clientConfigView(config: CaptchaRoutesOptions['config']): ClientConfig {
  const { captcha } = config;
  return {
    captcha: captcha.provider === 'recaptcha' ? { provider: 'recaptcha', siteKey: captcha.siteKey } : captcha,
    paymentGateway: config.payment.gateway,
    authBaseUrl: config.authBaseUrl,
  };
}

export const captchaRoutes: FastifyPluginAsyncZod<CaptchaRoutesOptions> = async (app, { config, secrets }) => {
  const keys = config.captcha.provider === 'altcha' ? altchaKeys(secrets.session) : undefined;
  const clientConfig = clientConfigView(config);

  app.get(
    '/api/public/captcha/challenge',
    {
      schema: {
        tags: ['captcha'],
        summary: 'A fresh ALTCHA proof-of-work challenge (each solution is accepted once)',
        response: { 200: altchaChallengeSchema },
      },
    },
    async (_request, reply) => {
      if (!keys) {
        throw new AppError(
          'not_found',
          `This server does not issue ALTCHA challenges: its captcha is ${config.captcha.provider} (CAPTCHA_PROVIDER).`,
        );
      }
      // Every challenge is single-use: neither the browser nor a proxy may hand one out twice.
      reply.header('cache-control', 'no-store');
      return createAltchaChallenge({ keys });
    },
  );

  app.get(
    '/api/public/client-config',
    {
      schema: {
        tags: ['captcha'],
        summary: 'The captcha provider (and reCAPTCHA site key) and payment gateway the browser uses',
        response: { 200: clientConfigSchema },
      },
    },
    async (_request, reply) => {
      // Changes only with a restart, but then at once: the browser checks back every time.
      reply.header('cache-control', 'no-cache');
      return clientConfig;
    },
  );
};
