/**
 * The auth server's calls (SPEC.md §7; the contract in packages/shared/src/auth.ts), bound to the
 * base address the server names in GET /api/public/client-config (`/auth` on this origin unless
 * AUTH_BASE_URL moves it). Every call sends credentials: the session is an HttpOnly cookie.
 *
 * In lib rather than in the account feature because the checkout asks for the profile too (to
 * pre-fill the donor's name and e-mail).
 *
 * The calls keep the session hint (session-hint.ts) true to what the server says: a login or a
 * registration sets it, a logout or any 401 clears it. Ask for the profile only when
 * mayHaveSession() says a session may exist.
 */
import {
  type AccountActivity,
  type AuthUserResponse,
  accountActivitySchema,
  authUserResponseSchema,
  type LoginRequest,
  type RegisterRequest,
} from '@store/shared/auth';
import { type AccountUpkeepApi, accountUpkeepApi } from './account-upkeep-api';
import { getJson, sendJson, sendWithoutBody } from './api-client';
import { type CaptchaToken, captchaHeaders } from './captcha/captcha-client';
import { getClientConfig } from './get-client-config';
import { forgetSession, rememberSession } from './session-hint';
import { withSession } from './with-session';

export type AuthApi = AccountUpkeepApi & {
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

async function signingIn<T>(call: Promise<T>): Promise<T> {
  const answer = await call;
  rememberSession();
  return answer;
}

export function authApi(baseUrl: string): AuthApi {
  // '/auth/' and '/auth' name the same base; never build '/auth//login'.
  const base = baseUrl.replace(/\/+$/, '');
  return {
    ...accountUpkeepApi(base),
    googleUrl: `${base}/google`,
    register: (body, captcha) =>
      signingIn(
        sendJson(`${base}/register`, body, async () => authUserResponseSchema, {
          ...withCredentials,
          headers: captchaHeaders(captcha),
        }),
      ),
    login: (body) => signingIn(sendJson(`${base}/login`, body, async () => authUserResponseSchema, withCredentials)),
    profile: (signal) =>
      withSession(getJson(`${base}/profile`, async () => authUserResponseSchema, { ...withCredentials, signal })),
    activity: (signal) =>
      withSession(getJson(`${base}/activity`, async () => accountActivitySchema, { ...withCredentials, signal })),
    // Done, or no session to end (401): the hint goes. Any other failure keeps it (the page stays).
    logout: () => withSession(sendWithoutBody(`${base}/logout`, withCredentials)).then(forgetSession),
  };
}

/** The auth server's calls, once the client config has named its base address. */
export async function loadAuthApi(signal?: AbortSignal): Promise<AuthApi> {
  const { authBaseUrl } = await getClientConfig(signal ? { signal } : {});
  return authApi(authBaseUrl);
}

/** The signed-in account (the checkout fills in and checks it); a 401 when there is no session. */
export async function loadProfile(signal: AbortSignal): Promise<AuthUserResponse> {
  return (await loadAuthApi(signal)).profile(signal);
}
