/**
 * The event's e-mailed links, signed and expiring, needing no account and no stored token:
 *  - `family`: "Your registration", the family's own page (id: the registration's);
 *  - `offer`: accept a waiting-list offer (id: the offer's);
 *  - `unsubscribe`: stop event news (id: the registrant's, whose e-mail opts out).
 * Token: `<id>.<expiry, unix seconds in base 36>.<HMAC-SHA256 of purpose, id and expiry>`, base64url.
 * The purpose is in the MAC, so an unsubscribe link never opens a family's page. The key is derived
 * from the session secret under its own label: a new SESSION_SECRET voids every link out there.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { isUuid } from '#src/lib/uuid';

export const EVENT_LINK_PURPOSES = ['family', 'offer', 'unsubscribe'] as const;
export type EventLinkPurpose = (typeof EVENT_LINK_PURPOSES)[number];
export type EventLinkKey = Buffer;

export function eventLinkKey(sessionSecret: string): EventLinkKey {
  return createHmac('sha256', sessionSecret).update('event/link/v1').digest();
}

function mac(key: EventLinkKey, purpose: EventLinkPurpose, id: string, expiry: string): Buffer {
  return createHmac('sha256', key).update(`${purpose}:${id.toLowerCase()}:${expiry}`).digest();
}

export function eventLinkToken(key: EventLinkKey, purpose: EventLinkPurpose, id: string, expiresAt: Date): string {
  const expiry = Math.floor(expiresAt.getTime() / 1000).toString(36);
  return `${id}.${expiry}.${mac(key, purpose, id, expiry).toString('base64url')}`;
}

const TOKEN_SHAPE = /^([0-9a-f-]{36})\.([0-9a-z]{1,12})\.([A-Za-z0-9_-]{43})$/i;

export type EventLinkReading = { ok: true; id: string } | { ok: false; reason: 'invalid' | 'expired' };

/**
 * What the token names, when its MAC is right for `purpose` and it has not expired. An expired but
 * genuine link says so (the page then offers a new one); anything forged, cut or mangled is 'invalid'.
 */
export function readEventLink(
  key: EventLinkKey,
  purpose: EventLinkPurpose,
  token: string,
  now: Date = new Date(),
): EventLinkReading {
  const match = TOKEN_SHAPE.exec(token);
  const [, id, expiry, shown] = match ?? [];
  if (id === undefined || expiry === undefined || shown === undefined || !isUuid(id))
    return { ok: false, reason: 'invalid' };
  const given = Buffer.from(shown, 'base64url');
  const expected = mac(key, purpose, id, expiry.toLowerCase());
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' };
  if (Number.parseInt(expiry, 36) * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, id };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A family's link lasts 90 days from when it was sent, and at least until two days after its session
 * starts (tickets on the day, the certificate after). "Lost your link?" sends a fresh one.
 */
export function familyLinkExpiry(now: Date, sessionStartsAt: Date | null): Date {
  const ninetyDays = now.getTime() + 90 * DAY_MS;
  const afterSession = sessionStartsAt ? sessionStartsAt.getTime() + 2 * DAY_MS : 0;
  return new Date(Math.max(ninetyDays, afterSession));
}
