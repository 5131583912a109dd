/**
 * ALTCHA in the browser, invisible: for each action, fetch a fresh challenge from the server and
 * solve it with altcha-lib's solver, deriving PBKDF2 keys with crypto.subtle on the page (no worker,
 * no widget: a few KB). The token is what the server decodes: base64(JSON({ challenge, solution })).
 */
import { altchaChallengeSchema } from '@store/shared/altcha-challenge';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { getJson } from '#src/lib/api-client';
import type { CaptchaClient } from './captcha-client';
import { CaptchaError, describeError } from './captcha-error';

export const ALTCHA_CHALLENGE_PATH = '/api/public/captcha/challenge';

/** A solve takes well under a second; this only stops a stuck tab from spinning forever. */
const SOLVE_TIMEOUT_MS = 30_000;

export function createAltchaClient(): CaptchaClient {
  // crypto.subtle exists only in secure contexts: https, or http on localhost / 127.0.0.1.
  if (typeof crypto === 'undefined' || crypto.subtle === undefined) {
    throw new CaptchaError('The captcha needs a secure (https) connection: Web Crypto is not available on this page.');
  }
  return {
    async execute(action) {
      let challenge: Awaited<ReturnType<typeof fetchChallenge>>;
      try {
        challenge = await fetchChallenge();
      } catch (error) {
        throw new CaptchaError(`Could not get a captcha challenge: ${describeError(error)}`, { cause: error });
      }
      const solution = await solveChallenge({ challenge, deriveKey, timeout: SOLVE_TIMEOUT_MS }).catch(
        (error: unknown) => {
          throw new CaptchaError(`Could not solve the captcha: ${describeError(error)}`, { cause: error });
        },
      );
      if (!solution) throw new CaptchaError('The captcha was not solved in time.');
      const payload = { challenge, solution: { counter: solution.counter, derivedKey: solution.derivedKey } };
      // Only hex strings and numbers inside: btoa's Latin-1 limit cannot bite.
      return { token: btoa(JSON.stringify(payload)), action };
    },
  };
}

function fetchChallenge() {
  return getJson(ALTCHA_CHALLENGE_PATH, async () => altchaChallengeSchema);
}
