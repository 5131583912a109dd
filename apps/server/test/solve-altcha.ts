/**
 * What the browser does with an ALTCHA challenge, for API tests: solve it with altcha-lib's own
 * solver and encode the X-Captcha-Token the server expects, base64(JSON({ challenge, solution })).
 */
import type { AltchaChallenge } from '@store/shared/altcha-challenge';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

export type AltchaSolution = { counter: number; derivedKey: string };

export async function solveAltcha(challenge: AltchaChallenge): Promise<AltchaSolution> {
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 30_000 });
  if (!solution) throw new Error('the ALTCHA challenge was not solved within 30 s');
  return { counter: solution.counter, derivedKey: solution.derivedKey };
}

export function altchaToken(challenge: AltchaChallenge, solution: AltchaSolution): string {
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

export async function solvedAltchaToken(challenge: AltchaChallenge): Promise<string> {
  return altchaToken(challenge, await solveAltcha(challenge));
}
