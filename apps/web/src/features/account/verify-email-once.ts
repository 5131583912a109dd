/**
 * POST {auth}/email/verify for a link's token, at most once per token per page load. The token is
 * single use: React StrictMode runs a mount effect twice in development, and a second POST would
 * spend a token the first already spent and turn the page's answer into "expired". Both runs share
 * the one request here. A request that never reached the server (no network) is forgotten, so
 * 'Try again' can send it.
 */
import type { AuthUserResponse } from '@store/shared/auth';
import { ApiClientError } from '#src/lib/api-client';
import type { AuthApi } from '#src/lib/auth-api';

const sent = new Map<string, Promise<AuthUserResponse>>();

export function verifyEmailOnce(api: AuthApi, token: string): Promise<AuthUserResponse> {
  let request = sent.get(token);
  if (!request) {
    request = api.verifyEmail({ token }).catch((error: unknown) => {
      const unanswered = error instanceof ApiClientError && error.status === undefined;
      if (unanswered) sent.delete(token);
      throw error;
    });
    sent.set(token, request);
  }
  return request;
}
