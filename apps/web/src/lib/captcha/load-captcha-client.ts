/**
 * The captcha the server chose (GET /api/public/client-config), ready to make tokens. The checkout
 * imports this module lazily; each provider's code is a further chunk, loaded only when chosen.
 * Rejects with a CaptchaError when the captcha cannot get ready (network, blocked script, no Web
 * Crypto): the checkout then shows 'Captcha not ready yet.' and offers a retry (call this again).
 */
import { getClientConfig } from '#src/lib/get-client-config';
import type { CaptchaClient } from './captcha-client';
import { CaptchaError, describeError } from './captcha-error';

/** CAPTCHA_PROVIDER=off (tests only): the server accepts anything; send a recognisable constant. */
export const offCaptchaClient: CaptchaClient = {
  execute: async (action) => ({ token: 'off', action }),
};

export async function loadCaptchaClient(): Promise<CaptchaClient> {
  try {
    const { captcha } = await getClientConfig();
    switch (captcha.provider) {
      case 'altcha':
        return (await import('./altcha-client')).createAltchaClient();
      case 'recaptcha':
        return await (await import('./recaptcha-client')).loadRecaptchaClient(captcha.siteKey);
      case 'off':
        return offCaptchaClient;
    }
  } catch (error) {
    if (error instanceof CaptchaError) throw error;
    throw new CaptchaError(`Captcha not ready: ${describeError(error)}`, { cause: error });
  }
}
