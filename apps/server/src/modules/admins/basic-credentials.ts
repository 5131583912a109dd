/**
 * Reads `Authorization: Basic base64(username:password)` (RFC 7617). UTF-8, as the challenge's
 * charset="UTF-8" asks browsers to send. Anything else is `malformed`: not a guess at a password,
 * so it is refused without being counted as a failed login.
 */
export type BasicCredentials = { username: string; password: string };

export type ParsedAuthorization =
  | { kind: 'missing' }
  | { kind: 'malformed' }
  | ({ kind: 'credentials' } & BasicCredentials);

const BASIC = /^basic +([A-Za-z0-9+/]+={0,2}) *$/i;
const utf8 = new TextDecoder('utf-8', { fatal: true });

export function parseBasicAuthorization(header: string | string[] | undefined): ParsedAuthorization {
  if (header === undefined || header === '') return { kind: 'missing' };
  // Sent twice: ambiguous, so neither is trusted.
  if (typeof header !== 'string') return { kind: 'malformed' };
  const encoded = BASIC.exec(header)?.[1];
  if (encoded === undefined || encoded.length % 4 !== 0) return { kind: 'malformed' };
  let decoded: string;
  try {
    decoded = utf8.decode(Buffer.from(encoded, 'base64'));
  } catch {
    return { kind: 'malformed' };
  }
  // The username cannot contain a colon; the password may.
  const colon = decoded.indexOf(':');
  if (colon <= 0) return { kind: 'malformed' };
  return { kind: 'credentials', username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** For clients and tests: the header value for these credentials. */
export function basicAuthorization({ username, password }: BasicCredentials): string {
  return `Basic ${Buffer.from(`${username}:${password}`, 'utf8').toString('base64')}`;
}
