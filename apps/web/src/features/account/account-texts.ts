/** The account-upkeep pages' own words; the contract's texts (authMessages) fill in their blanks here. */
import { authMessages } from '@store/shared/auth';

/** authMessages.verificationSent for one address. */
export function verificationSentTo(email: string): string {
  return authMessages.verificationSent.replace('{email}', email);
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
