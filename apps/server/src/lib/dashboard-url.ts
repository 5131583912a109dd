/**
 * The donor's dashboard as e-mails link to it: absolute, on the store's origin (ALLOWED_ORIGINS'
 * first entry, else the foundation's URL), because a mail client has no page to resolve a path against.
 */
export function dashboardUrl(storeUrl: string): string {
  return `${storeUrl.replace(/\/+$/, '')}/dashboard`;
}

/** The store's origin as the e-mails' links use it: the first allowed origin, else the foundation's URL. */
export function storeUrlOf(allowedOrigins: readonly string[], foundationUrl: string): string {
  return allowedOrigins[0] ?? foundationUrl;
}
