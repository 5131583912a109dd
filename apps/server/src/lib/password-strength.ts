/**
 * Whether a new password is too common to allow (issue 18, point 7: `aaaaaaaaaaaa` and
 * `password1234` were accepted). NIST SP 800-63B asks verifiers to refuse passwords found in lists
 * of common, expected or breached ones: zxcvbn-ts (@zxcvbn-ts/core with @zxcvbn-ts/language-common,
 * MIT, DESIGN.md's choice) carries such lists offline (the most common passwords of the public
 * breach corpora, common words and names, diceware) and also catches what no list holds: repeats,
 * sequences, keyboard walks, dates and l33t variants of listed words. No network call at sign-up,
 * and the server only: it never reaches the web bundle (~1.9 MB of dictionaries).
 *
 * Refused: fewer than 10^8 estimated guesses (zxcvbn's score under 3, "moderately unguessable" for a
 * slow hash, which argon2id is). `correct horse battery` (10^13.6) passes; `password1234` (10^4.2),
 * `aaaaaaaaaaaa` (10^2.2) and `baseball2024!` (10^7) do not.
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

export const TOO_COMMON_MESSAGE = 'This password is too common. Choose a less common one.';

const MIN_GUESSES_LOG10 = 8;
/**
 * zxcvbn's matching grows faster than linearly with the length; a prefix this long already tells a
 * list password from a strong one (a strong prefix makes a strong password).
 */
const CHECKED_LENGTH = 100;

let factory: ZxcvbnFactory | undefined;

function estimator(): ZxcvbnFactory {
  // Built once per process on first use (~100 ms: the dictionaries are unpacked and ranked).
  factory ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  return factory;
}

/** Builds the estimator now, off the first sign-up's path (start-up calls it). */
export function warmUpPasswordStrength(): void {
  estimator();
}

export function isTooCommonPassword(password: string): boolean {
  const checked = [...password.normalize('NFC')].slice(0, CHECKED_LENGTH).join('');
  return estimator().check(checked).guessesLog10 < MIN_GUESSES_LOG10;
}
