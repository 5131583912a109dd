/** The account-upkeep pages' own words; the contract's texts (authMessages) fill in their blanks here. */
import { i18n } from '@lingui/core';
import { authMessages } from '@store/shared/auth';
import { knownText } from '#src/lib/i18n/known-text';

/** authMessages.verificationSent for one address, in the page's language. */
export function verificationSentTo(email: string): string {
  return i18n._(authMessages.verificationSent, { email });
}

/** authMessages.verificationSent as the server fills it in (in English), split at its {email}. */
const [SENT_BEFORE, SENT_AFTER] = authMessages.verificationSent.split('{email}') as [string, string];

/**
 * The server's answer to 'Send the link again' (authMessages.verificationSent, worded in English
 * with the address), in the page's language; any other answer as it came, or translated if it is
 * one of our messages.
 */
export function sentAnswerText(message: string): string {
  if (
    message.startsWith(SENT_BEFORE) &&
    message.endsWith(SENT_AFTER) &&
    message.length > SENT_BEFORE.length + SENT_AFTER.length
  ) {
    return verificationSentTo(message.slice(SENT_BEFORE.length, message.length - SENT_AFTER.length));
  }
  return knownText(i18n, message);
}

/**
 * What the register form hands the dashboard (history state): the address a confirmation link was
 * just sent to, so the dashboard can say so rather than only ask for it.
 */
export type VerificationSentState = { verificationSentTo: string };

export function verificationSentFrom(state: unknown): string | null {
  return typeof state === 'object' &&
    state !== null &&
    'verificationSentTo' in state &&
    typeof state.verificationSentTo === 'string'
    ? state.verificationSentTo
    : null;
}

/** The e-mail a page hands the next one (history state), e.g. /login's address to /forgot-password. */
export function emailFrom(state: unknown): string {
  return typeof state === 'object' && state !== null && 'email' in state && typeof state.email === 'string'
    ? state.email
    : '';
}
