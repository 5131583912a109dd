/**
 * The site's Content-Security-Policy must let its pages call the auth server when AUTH_BASE_URL puts
 * it on another origin (connect-src); on the site's own origin 'self' already covers it.
 */
import type { Config } from '#src/config';
import type { CspSources } from '#src/plugins/security-headers';
import { authLocation } from './auth-location';

export function authCspSources(config: Pick<Config, 'authBaseUrl' | 'allowedOrigins'>): CspSources {
  const { origin } = authLocation(config);
  return origin === undefined ? {} : { connectSrc: [origin] };
}
