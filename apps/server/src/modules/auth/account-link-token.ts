/**
 * The token of an e-mailed account link (tables.ts, account_links): `<row id>.<HMAC-SHA256 of the
 * purpose and the id>`, base64url. Nothing secret is stored: the mail renderer writes the same link
 * again from the row when the outbox sends it (messages are rendered at send time), and a leaked
 * table without the session secret forges no link. The purpose is in the MAC, so a verification
 * link can never be shown to the reset route (the row's purpose is checked as well).
 *
 * The key is derived from the session secret under its own label (like the hand-off token's), so no
 * other use of the secret produces a valid link; a new SESSION_SECRET voids every link out there.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { isUuid } from '#src/lib/uuid';

export const LINK_PURPOSES = ['verify-email', 'change-email', 'reset-password'] as const;
export type LinkPurpose = (typeof LINK_PURPOSES)[number];
/**
 * Every purpose a token can be made for: the account links' (rows of account_links), and the receipt
 * e-mail's "add your address" link, whose id is the order's (checkout/receipt-address-link.ts).
 */
export type TokenPurpose = LinkPurpose | 'receipt-address';

export type LinkKey = Buffer;

export function linkKey(sessionSecret: string): LinkKey {
  return createHmac('sha256', sessionSecret).update('auth/account-link/v1').digest();
}

function mac(key: LinkKey, purpose: TokenPurpose, id: string): Buffer {
  return createHmac('sha256', key).update(`${purpose}:${id.toLowerCase()}`).digest();
}

export function linkToken(key: LinkKey, purpose: TokenPurpose, id: string): string {
  return `${id}.${mac(key, purpose, id).toString('base64url')}`;
}

const TOKEN_SHAPE = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/i;

/**
 * The row id the token names when its MAC is right for one of `purposes`, with that purpose;
 * undefined for anything forged, cut or mangled. No database read happens for a bad token.
 */
export function readLinkToken<P extends TokenPurpose>(
  key: LinkKey,
  token: string,
  purposes: readonly P[],
): { id: string; purpose: P } | undefined {
  const match = TOKEN_SHAPE.exec(token);
  const id = match?.[1];
  const shown = match?.[2];
  if (id === undefined || shown === undefined || !isUuid(id)) return undefined;
  const given = Buffer.from(shown, 'base64url');
  for (const purpose of purposes) {
    const expected = mac(key, purpose, id);
    if (given.length === expected.length && timingSafeEqual(given, expected)) return { id, purpose };
  }
  return undefined;
}
