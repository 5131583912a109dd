/**
 * A host name as a browser writes it in the Host header: lower case, with the port unless it is the
 * scheme's default (80, and 443 which a Host of `example.org:443` means all the same). One rule for
 * ALLOWED_HOSTS (config.ts) and the requests compared with it (modules/auth/host-check.ts).
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
