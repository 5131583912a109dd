/**
 * The auth server's account-upkeep calls (issue 18, "Accounts that are complete"; the routes are
 * listed in packages/shared/src/auth.ts): follow an e-mailed link, ask for a new one, reset, change
 * and verify. Part of AuthApi (auth-api.ts), split out only to keep each file short.
 *
 * The session hint (session-hint.ts) follows what the server does: a password reset opens a session,
 * logging out everywhere and deleting the account end it, and any 401 clears it (there is none).
 * Following a verification link opens none: the link may be opened in a browser that is not signed in.
 */
import {
  type AuthUserResponse,
  authUserResponseSchema,
  type ChangeEmailRequest,
  type ChangePasswordRequest,
  type DeleteAccountRequest,
  type EmailTokenRequest,
  type ForgotPasswordRequest,
  type MailQueuedResponse,
  mailQueuedResponseSchema,
  type ResetPasswordRequest,
} from '@store/shared/auth';
import { type SchemaLoader, sendJson, sendWithoutBody } from './api-client';
import { type CaptchaToken, captchaHeaders } from './captcha/captcha-client';
import { forgetSession, rememberSession } from './session-hint';
import { withSession } from './with-session';

export type AccountUpkeepApi = {
  verifyEmail: (body: EmailTokenRequest) => Promise<AuthUserResponse>;
  /** Signed in; 429 when too many links were sent lately (its message says when to try again). */
  resendVerification: () => Promise<MailQueuedResponse>;
  /** With a captcha token for action `forgot-password`; the same answer whether or not the account exists. */
  forgotPassword: (body: ForgotPasswordRequest, captcha: CaptchaToken) => Promise<MailQueuedResponse>;
  resetPassword: (body: ResetPasswordRequest) => Promise<AuthUserResponse>;
  changePassword: (body: ChangePasswordRequest) => Promise<AuthUserResponse>;
  changeEmail: (body: ChangeEmailRequest) => Promise<MailQueuedResponse>;
  logoutEverywhere: () => Promise<void>;
  deleteAccount: (body: DeleteAccountRequest) => Promise<void>;
};

const withCredentials = { credentials: 'include' } as const;
const userAnswer = async () => authUserResponseSchema;
const mailAnswer = async () => mailQueuedResponseSchema;

export function accountUpkeepApi(base: string): AccountUpkeepApi {
  const post = <T>(path: string, body: unknown, answer: SchemaLoader<T>) =>
    withSession(sendJson(`${base}${path}`, body, answer, withCredentials));
  return {
    verifyEmail: (body) => post('/email/verify', body, userAnswer),
    resendVerification: () => post('/email/verify/resend', {}, mailAnswer),
    forgotPassword: (body, captcha) =>
      sendJson(`${base}/password/forgot`, body, mailAnswer, { ...withCredentials, headers: captchaHeaders(captcha) }),
    resetPassword: async (body) => {
      const answer = await post('/password/reset', body, userAnswer);
      rememberSession();
      return answer;
    },
    changePassword: (body) => post('/password/change', body, userAnswer),
    changeEmail: (body) => post('/email/change', body, mailAnswer),
    // Done, or no session to end (401, withSession): the hint goes either way.
    logoutEverywhere: () =>
      withSession(sendWithoutBody(`${base}/logout-everywhere`, withCredentials)).then(forgetSession),
    deleteAccount: async (body) => {
      await withSession(sendWithoutBody(`${base}/account/delete`, { ...withCredentials, body }));
      forgetSession();
    },
  };
}
