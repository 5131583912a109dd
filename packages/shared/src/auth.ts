/**
 * Visitor accounts (SPEC.md §2 /login, /register, /dashboard, /auth-success; §6; §7): the auth
 * server's calls and their bodies. ONE set of schemas serves the pages and the server routes.
 *
 * The auth server lives at `/auth` on the site's origin unless AUTH_BASE_URL moves it; the web
 * reads the base from GET /api/public/client-config (`authBaseUrl`) and sends credentials.
 *   POST {auth}/register  registerRequestSchema -> 201 authUserResponseSchema (session cookie set)
 *   POST {auth}/login     loginRequestSchema    -> 200 authUserResponseSchema (session cookie set, rotated)
 *   GET  {auth}/profile                         -> 200 authUserResponseSchema | 401
 *   POST {auth}/logout                          -> 204 (session deleted, cookie cleared)
 *   GET  {auth}/google                          -> 302 to Google (or to /login?error=google-not-configured)
 *   GET  {auth}/google/callback                 -> 302 to /auth-success?token=…
 *   GET  {auth}/activity                        -> 200 accountActivitySchema | 401 (the dashboard's lists)
 *
 * Account upkeep (issue 18, "Accounts that are complete"); every link is single use and every
 * e-mail goes through the outbox with per-recipient and per-address limits:
 *   POST   {auth}/email/verify        emailTokenRequestSchema -> 200 authUserResponseSchema | 400 invalid_token (field token)
 *          (follows a link from a sign-up or an e-mail change: the address is verified, or becomes the account's)
 *   POST   {auth}/email/verify/resend (signed in)             -> 202 mailQueuedResponseSchema | 401 | 429
 *   POST   {auth}/password/forgot     forgotPasswordRequestSchema (+ captcha, action `forgot-password`)
 *                                                             -> 202 mailQueuedResponseSchema, the same whether or not an account exists
 *   POST   {auth}/password/reset      resetPasswordRequestSchema -> 200 authUserResponseSchema (every other session ended,
 *                                                                    a new one opened; the address counts as verified) | 400
 *   POST   {auth}/password/change     (signed in) changePasswordRequestSchema -> 200 authUserResponseSchema
 *                                                                    (every other session ended) | 400 | 401
 *   POST   {auth}/email/change        (signed in) changeEmailRequestSchema -> 202 mailQueuedResponseSchema
 *                                     (a link to the new address; nothing changes until it is followed) | 400 | 401 | 409 | 429
 *   POST   {auth}/logout-everywhere   (signed in)             -> 204 (every session of the account ended, cookie cleared)
 *   POST   {auth}/account/delete      (signed in) deleteAccountRequestSchema -> 204 (the account and its sessions go;
 *                                     its orders and registrations stay, unlinked) | 400 | 401
 * 400s name their field (`fields`), like every error here. `currentPassword` is required only when
 * the account has a password (hasPassword); a Google-only account confirms by typing its e-mail.
 */
import { z } from 'zod';
import { publicSessionSchema, REGISTRATION_STATUSES } from './event-sessions';

/**
 * The account pages' and the auth server's words. Marked for the message catalogues (decision 0042):
 * the server sends them in English, the pages show them in the page's language (`i18n._(...)`).
 * Literals only, so the extractor sees each one: the numbers in them are PASSWORD_MIN_LENGTH and
 * PASSWORD_MAX_LENGTH below (auth.test.ts checks they agree).
 */
export const authMessages = {
  loginFailed: /*i18n*/ 'Login failed',
  registrationFailed: /*i18n*/ 'Registration failed',
  loggingIn: /*i18n*/ 'Logging you in...',
  loginWithGoogle: /*i18n*/ 'Login with Google',
  loadProfile: /*i18n*/ 'Load Profile',
  logout: /*i18n*/ 'Logout',
  name: /*i18n*/ 'Name is required',
  nameTooLong: /*i18n*/ 'At most 100 characters',
  email: /*i18n*/ 'Invalid email',
  passwordRequired: /*i18n*/ 'Password is required',
  password: /*i18n*/ 'Password must be at least 12 characters',
  passwordTooLong: /*i18n*/ 'Password must be at most 256 characters',
  /** emailTakenReason and logInInstead together: the register page links the second half to /login. */
  emailTaken: /*i18n*/ 'An account with this e-mail already exists. Log in instead.',
  emailTakenReason: /*i18n*/ 'An account with this e-mail already exists.',
  logInInstead: /*i18n*/ 'Log in instead',
  invalidCredentials: /*i18n*/ 'E-mail or password is incorrect.',
  /** A password found in the common and breached lists, or as easy to guess (checked by the server only). */
  passwordTooCommon: /*i18n*/ 'This password is too common. Choose a less common one.',
  googleNotConfigured: /*i18n*/ 'Google sign-in is not set up on this site.',
  /** The one answer of POST password/forgot, whether or not the e-mail has an account. */
  resetLinkSent:
    /*i18n*/ 'If an account uses this e-mail, a link to choose a new password is on its way. It works for 1 hour.',
  verificationSent: /*i18n*/ 'We sent a link to {email}. Follow it within 24 hours to confirm the address.',
  invalidToken: /*i18n*/ 'This link has expired or has already been used.',
  currentPasswordWrong: /*i18n*/ 'Current password is incorrect.',
  passwordsDiffer: /*i18n*/ 'The passwords do not match.',
  deleteConfirmation: /*i18n*/ 'Type your e-mail to confirm',
} as const;

/** A single-use link's lifetime: e-mail verification and e-mail change 24 h, password reset 1 h. */
export const EMAIL_LINK_HOURS = { verifyEmail: 24, resetPassword: 1 } as const;

/** The web pages the e-mailed links open: `${origin}${path}?token=…` (the page POSTs the token). */
export const ACCOUNT_LINK_PATHS = { verifyEmail: '/verify-email', resetPassword: '/reset-password' } as const;

/**
 * Where the auth server sends the browser back when a Google sign-in cannot go on: /login?error=…,
 * which shows 'Login failed' and why, on the site's own page.
 */
export const GOOGLE_LOGIN_ERROR = { failed: 'google', notConfigured: 'google-not-configured' } as const;

/** Long enough that a guessed password costs real work; short enough to remember (NIST SP 800-63B). */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 256;

const emailSchema = z.string(authMessages.email).trim().max(254, authMessages.email).pipe(z.email(authMessages.email));

export const registerRequestSchema = z.object({
  name: z.string(authMessages.name).trim().min(1, authMessages.name).max(100, authMessages.nameTooLong),
  email: emailSchema,
  password: z
    .string(authMessages.password)
    .min(PASSWORD_MIN_LENGTH, authMessages.password)
    .max(PASSWORD_MAX_LENGTH, authMessages.passwordTooLong),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/** No length rule at login: an old password is checked, never judged. */
export const loginRequestSchema = z.object({
  email: emailSchema,
  password: z.string(authMessages.passwordRequired).min(1, authMessages.passwordRequired).max(PASSWORD_MAX_LENGTH),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const publicUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  /** Google vouched for the address (or, later, a link we mailed was followed). */
  emailVerified: z.boolean(),
  /** True when the account can log in with a password (false for Google-only accounts). */
  hasPassword: z.boolean(),
  /** ISO 8601 instant. */
  createdAt: z.string(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** SPEC.md §3 "Profile response: user". */
export const authUserResponseSchema = z.object({ user: publicUserSchema });
export type AuthUserResponse = z.infer<typeof authUserResponseSchema>;

/** The signed-in donor's own history on /dashboard (beyond SPEC.md; the accounts issue). */
export const accountActivitySchema = z.object({
  donations: z.array(
    z.object({
      orderId: z.string(),
      /** The receipt number printed on the e-mailed receipt. */
      receiptNumber: z.string(),
      /**
       * When the gift was made: an ISO instant, or the calendar day 'YYYY-MM-DD' of a gift that has
       * only a date (an offline gift's date received).
       */
      date: z.string(),
      center: z.string(),
      amount: z.number(),
      /** The currency of `amount` and `deductible`. */
      currency: z.string().default('USD'),
      products: z.string(),
      transactionId: z.string(),
      /** Issue 20: the deductible part in dollars; null for orders older than the tax receipts. */
      deductible: z.number().nullable().default(null),
      /** Where the donor downloads the receipt's PDF (accountReceiptPdfPath). */
      receiptPdf: z.string().default(''),
      /** A Canadian center's gift whose official receipt waits for the donor's address (receipt-address.ts). */
      awaitingAddress: z.boolean().default(false),
    }),
  ),
  /** Issue 20: calendar years (foundation's zone) with at least one gift: a statement PDF for each. */
  statementYears: z.array(z.number().int()).default([]),
  registrations: z.array(
    z.object({
      registrationNumber: z.string(),
      date: z.string(),
      registrants: z.array(z.object({ name: z.string(), age: z.number().int(), category: z.string().nullable() })),
      /** The family's own page with a fresh signed link (`/registration/yours?token=…`): the owner manages it there. */
      manageUrl: z.string().optional(),
      /** Where the family recites; null for a registration made before the event had sessions. */
      session: publicSessionSchema.pick({ centerName: true, hall: true, startsAt: true, timeZone: true }).nullable(),
      status: z.enum(REGISTRATION_STATUSES),
    }),
  ),
});
export type AccountActivity = z.infer<typeof accountActivitySchema>;

/** A token from an e-mailed link (verify e-mail, reset password). Opaque to the page. */
const linkTokenSchema = z
  .string(authMessages.invalidToken)
  .trim()
  .min(16, authMessages.invalidToken)
  .max(512, authMessages.invalidToken);

const newPasswordSchema = z
  .string(authMessages.password)
  .min(PASSWORD_MIN_LENGTH, authMessages.password)
  .max(PASSWORD_MAX_LENGTH, authMessages.passwordTooLong);

export const emailTokenRequestSchema = z.object({ token: linkTokenSchema });
export type EmailTokenRequest = z.infer<typeof emailTokenRequestSchema>;

export const forgotPasswordRequestSchema = z.object({ email: emailSchema });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

export const resetPasswordRequestSchema = z.object({ token: linkTokenSchema, password: newPasswordSchema });
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

export const changePasswordRequestSchema = z.object({
  currentPassword: z.string(authMessages.passwordRequired).max(PASSWORD_MAX_LENGTH).optional(),
  newPassword: newPasswordSchema,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

export const changeEmailRequestSchema = z.object({
  newEmail: emailSchema,
  currentPassword: z.string(authMessages.passwordRequired).max(PASSWORD_MAX_LENGTH).optional(),
});
export type ChangeEmailRequest = z.infer<typeof changeEmailRequestSchema>;

/** A password account confirms with its password; a Google-only one types its e-mail (`confirmEmail`). */
export const deleteAccountRequestSchema = z.object({
  currentPassword: z.string(authMessages.passwordRequired).max(PASSWORD_MAX_LENGTH).optional(),
  confirmEmail: z.string().max(254).optional(),
});
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;

/** 202 of the calls that queue an e-mail: what the page may say (never whether an account exists). */
export const mailQueuedResponseSchema = z.object({ message: z.string() });
export type MailQueuedResponse = z.infer<typeof mailQueuedResponseSchema>;
