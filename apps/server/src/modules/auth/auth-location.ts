/**
 * Where the auth server is, from AUTH_BASE_URL (config.authBaseUrl): a path on the site's origin
 * (`/auth`, the default), or a full URL on another origin (`https://id.example.org/auth`). Either
 * way this server answers under the URL's path; the other-origin case also needs CORS (cors.ts) and
 * sends the browser back to the site (ALLOWED_ORIGINS' first entry) after Google sign-in.
 */
import type { Config } from '#src/config';

export type AuthLocation = {
  /** Route prefix on this server: `/auth`, or '' when the auth server is a whole origin's root. */
  prefix: string;
  /** The auth server's origin when AUTH_BASE_URL is a full URL; undefined for a path. */
  origin: string | undefined;
  /**
   * Prepended to the site's own pages (`/login`, `/auth-success`) in redirects: '' (this origin)
   * unless the auth server is on another origin and ALLOWED_ORIGINS names the site.
   */
  siteOrigin: string;
};

export function authLocation(config: Pick<Config, 'authBaseUrl' | 'allowedOrigins'>): AuthLocation {
  const base = config.authBaseUrl;
  if (base.startsWith('/')) return { prefix: base === '/' ? '' : base, origin: undefined, siteOrigin: '' };
  const url = new URL(base);
  const path = url.pathname.replace(/\/+$/, '');
  return { prefix: path, origin: url.origin, siteOrigin: config.allowedOrigins[0] ?? '' };
}
