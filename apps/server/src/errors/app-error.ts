/**
 * The one error type modules throw on purpose. The error handler (plugins/error-handler.ts) turns it
 * into `{ error: { code, message, fields? } }` with its status. Its message always reaches the visitor,
 * whatever the status, so write it for them and keep internals in `cause` (logged, never shown).
 * Any other error that escapes a route becomes a generic 500.
 */

/** Codes the API answers with. Add a code here when a module needs a new kind of failure. */
export type ErrorCode =
  | 'validation_error'
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'conflict'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'internal_error'
  | 'service_unavailable'
  /** A captcha missing, bad, replayed, for another action or scored too low (modules/captcha). */
  | 'captcha_failed'
  /** The captcha provider (reCAPTCHA) does not answer: the visitor is not at fault. */
  | 'captcha_unavailable'
  /** Checkout (modules/checkout): the bucket's total is not what the catalogue says it costs. */
  | 'amount_mismatch'
  /** Checkout: a request with this Idempotency-Key is still being charged. */
  | 'payment_in_progress'
  /** Checkout: this Idempotency-Key was used for another order. */
  | 'idempotency_key_reused'
  /** Checkout: the gateway's answer is unknown; the reconciler settles the order later. */
  | 'payment_unconfirmed'
  /** Checkout: card-testing defence, too many declined payments from one address or e-mail. */
  | 'too_many_declines'
  /** Accounts (modules/auth): registering an e-mail that already has an account. */
  | 'email_taken'
  /** Any route: a request for a host name the site does not answer for (ALLOWED_HOSTS). */
  | 'misdirected_request'
  /** Accounts: an e-mailed link (verify, reset) that is forged, used or expired. */
  | 'invalid_token'
  /** Monthly giving: the gateway would not store the new card (declined, a used or unknown nonce). */
  | 'card_refused'
  /** Back office: the thing exists, but outside the centers the member's role is limited to. */
  | 'other_center'
  /** Event: a family is larger than the places left in its session (all or nothing); fields.sessionId says how many. */
  | 'not_enough_places'
  /** Event: the family's change comes after the session's change cut-off. */
  | 'changes_closed'
  /** Event: a waiting-list offer that lapsed or was withdrawn cannot be accepted any more. */
  | 'offer_closed'
  /** Event: a registrant's certificate was sent; their completion stays as the family received it. */
  | 'certificate_sent';

/** The status each code is answered with unless the thrower says otherwise. */
const DEFAULT_STATUS: Record<ErrorCode, number> = {
  validation_error: 400,
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
  // After the generic codes, so codeForStatus(403 / 503) keeps answering forbidden / service_unavailable.
  captcha_failed: 403,
  captcha_unavailable: 503,
  amount_mismatch: 400,
  payment_in_progress: 409,
  idempotency_key_reused: 422,
  payment_unconfirmed: 503,
  too_many_declines: 429,
  email_taken: 409,
  misdirected_request: 421,
  invalid_token: 400,
  card_refused: 402,
  other_center: 403,
  not_enough_places: 409,
  changes_closed: 409,
  offer_closed: 409,
  certificate_sent: 409,
};

export type AppErrorOptions = {
  status?: number;
  /** Field path (dot-joined) -> message, for validation errors. */
  fields?: Record<string, string>;
  cause?: unknown;
};

export class AppError extends Error {
  override name = 'AppError';
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields: Record<string, string> | undefined;

  constructor(code: ErrorCode, message: string, options: AppErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.status = options.status ?? DEFAULT_STATUS[code];
    this.fields = options.fields;
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

/** The code that fits a status, for errors that arrive with a status but no code of ours (Fastify's own). */
export function codeForStatus(status: number): ErrorCode {
  const found = (Object.keys(DEFAULT_STATUS) as ErrorCode[]).find(
    (code) => DEFAULT_STATUS[code] === status && code !== 'validation_error',
  );
  if (found) return found;
  return status >= 500 ? 'internal_error' : 'bad_request';
}
