/** The administrator's username and password, and the Basic authorization header made from them (SPEC.md §6). */
export type ReportCredentials = { username: string; password: string };

/** `Basic base64(username:password)`, the text encoded as UTF-8 first so non-ASCII passwords survive. */
export function basicAuthorization({ username, password }: ReportCredentials): string {
  const bytes = new TextEncoder().encode(`${username}:${password}`);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `Basic ${btoa(binary)}`;
}

/**
 * The headers of every report call: Basic authorization, and `X-Requested-With` so a refusal comes
 * back without a `WWW-Authenticate` challenge, which would make the browser open its own password
 * dialog over our login form (the server's admin guard drops the challenge for this header).
 */
export function reportAuthHeaders(credentials: ReportCredentials): Record<string, string> {
  return { Authorization: basicAuthorization(credentials), 'X-Requested-With': 'XMLHttpRequest' };
}
