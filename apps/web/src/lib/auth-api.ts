/**
 * The auth server's calls (SPEC.md §7; the contract in packages/shared/src/auth.ts), bound to the
 * base address the server names in GET /api/public/client-config (`/auth` on this origin unless
 * AUTH_BASE_URL moves it). Every call sends credentials: the session is an HttpOnly cookie.
 *
 * In lib rather than in the account feature because the checkout asks for the profile too (to
 * pre-fill the donor's name and e-mail).
 */
import {
  type AccountActivity,
  type AuthUserResponse,
  accountActivitySchema,
  authUserResponseSchema,
  type LoginRequest,
  type RegisterRequest,
} from '@store/shared/auth';
import { getJson, sendJson, sendWithoutBody } from './api-client';
import { type CaptchaToken, captchaHeaders } from './captcha/captcha-client';
import { getClientConfig } from './get-client-config';

export type AuthApi = {
  /** Where 'Login with Google' sends the browser (a full page load, not a fetch). */
  googleUrl: string;
  /** With a captcha token for action `register` (the server refuses sign-ups without one). */
  register: (body: RegisterRequest, captcha: CaptchaToken) => Promise<AuthUserResponse>;
  login: (body: LoginRequest) => Promise<AuthUserResponse>;
  /** Rejects with an ApiClientError of status 401 when there is no session. */
  profile: (signal?: AbortSignal) => Promise<AuthUserResponse>;
  activity: (signal?: AbortSignal) => Promise<AccountActivity>;
  logout: () => Promise<void>;
};

const withCredentials = { credentials: 'include' } as const;

export function authApi(baseUrl: string): AuthApi {
  // '/auth/' and '/auth' name the same base; never build '/auth//login'.
  const base = baseUrl.replace(/\/+$/, '');
  return {
    googleUrl: `${base}/google`,
    register: (body, captcha) =>
      sendJson(`${base}/register`, body, async () => authUserResponseSchema, {
        ...withCredentials,
        headers: captchaHeaders(captcha),
      }),
    login: (body) => sendJson(`${base}/login`, body, async () => authUserResponseSchema, withCredentials),
    profile: (signal) => getJson(`${base}/profile`, async () => authUserResponseSchema, { ...withCredentials, signal }),
    activity: (signal) =>
      getJson(`${base}/activity`, async () => accountActivitySchema, { ...withCredentials, signal }),
    logout: () => sendWithoutBody(`${base}/logout`, withCredentials),
  };
}

/** The auth server's calls, once the client config has named its base address. */
export async function loadAuthApi(signal?: AbortSignal): Promise<AuthApi> {
  const { authBaseUrl } = await getClientConfig(signal ? { signal } : {});
  return authApi(authBaseUrl);
}
