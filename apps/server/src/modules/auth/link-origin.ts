/**
 * The origin the e-mailed account links open (`${origin}${ACCOUNT_LINK_PATHS.x}?token=…`): the
 * site's, by the rule Google's redirect URI follows. When AUTH_BASE_URL puts the auth server on
 * another origin, the site is ALLOWED_ORIGINS' first entry (auth-location.ts); otherwise it is the
 * origin this request was addressed to. That follows the Host header, so a forged Host could aim a
 * reset link at another site ("password reset poisoning"): ALLOWED_HOSTS (plugins/host-guard.ts)
 * answers such a request 421 before it gets here.
 */
import type { FastifyRequest } from 'fastify';
import { AppError } from '#src/errors/app-error';
import type { AuthLocation } from './auth-location';
import { requestOrigin } from './origin-check';

export function linkOrigin(location: AuthLocation, request: FastifyRequest): string {
  const origin = location.siteOrigin !== '' ? location.siteOrigin : requestOrigin(request);
  if (origin === undefined) throw new AppError('bad_request', 'The request has no valid Host header.');
  return origin;
}
