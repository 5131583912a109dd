/** The suffix of an allowed host that matches it on every port: `localhost:*`. */
export const ANY_PORT = ':*';

/**
 * A host name as a browser writes it in the Host header: lower case, with the port unless it is the
 * scheme's default (80, and 443 which a Host of `example.org:443` means all the same). One rule for
 * ALLOWED_HOSTS (config.ts) and the requests compared with it (plugins/host-guard.ts).
 */
export function normalHost(text: string): string | undefined {
  try {
    const url = new URL(`http://${text}`);
    if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) return undefined;
    return url.port === '' || url.port === '443' ? url.hostname : `${url.hostname}:${url.port}`;
  } catch {
    return undefined;
  }
}

/** Whether a Host header names one of `allowed` (normalHost's form, or `name:*` for any port). */
export function isAllowedHostName(text: string, allowed: readonly string[]): boolean {
  const host = normalHost(text);
  if (host === undefined) return false;
  // URL's hostname keeps an IPv6 address's brackets, as ALLOWED_HOSTS writes it: [::1].
  const name = new URL(`http://${host}`).hostname;
  return allowed.includes(host) || allowed.includes(`${name}${ANY_PORT}`);
}
