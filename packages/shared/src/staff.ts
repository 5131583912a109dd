/**
 * The back office at /admin (issue 21): staff sign-in, roles, and the calls of its pages. ONE set
 * of schemas serves the pages and the server routes. Every call is under /api/staff, answers
 * `{ error: { code, message, fields? } }` on failure, needs the staff session cookie (`store_staff`,
 * HttpOnly, SameSite=Strict) except the login, and every state-changing call must come from the
 * site's own pages (Origin check, 403 otherwise).
 *
 * Sign-in (staff/routes.ts):
 *   POST /api/staff/login          staffLoginRequestSchema -> 200 staffSessionSchema (cookie set) | 400 | 401 | 429
 *   POST /api/staff/login/code     staffCodeRequestSchema  -> 200 staffSessionSchema (stage 'full') | 400 | 401
 *                                  | 429 (ten wrong codes in 15 minutes lock the member's code step, Retry-After)
 *   GET  /api/staff/me                                     -> 200 staffSessionSchema | 401
 *   POST /api/staff/logout                                 -> 204
 *   POST /api/staff/totp/setup     (stage 'enrol' or 'full') -> 200 totpSetupSchema (a new secret, not active yet)
 *   POST /api/staff/totp/confirm   staffCodeRequestSchema  -> 200 totpConfirmedSchema (active; the session becomes 'full')
 *   POST /api/staff/totp/disable   staffPasswordConfirmSchema -> 200 staffSessionSchema | 403 (owners and treasurers must keep it)
 * Staff (owner):
 *   GET   /api/staff/members                        -> 200 { members: staffMemberSchema[] }
 *   POST  /api/staff/members   createStaffRequestSchema -> 201 staffMemberSchema | 400 | 409
 *   PATCH /api/staff/members/:id updateStaffRequestSchema -> 200 staffMemberSchema | 400 | 404
 *   POST  /api/staff/members/:id/code-step/unlock -> 200 staffMemberSchema | 404 (the code step locked after ten wrong codes)
 *   GET   /api/staff/audit?cursor=             -> 200 auditPageSchema
 * Money (treasurer, owner; volunteers read their own center's orders):
 *   GET  /api/staff/orders?q=&center=&cursor=  -> 200 staffOrderPageSchema
 *   GET  /api/staff/orders/:id                 -> 200 staffOrderDetailSchema | 404
 *                                              | 403 other_center (a volunteer: it is another center's; names that center)
 *   POST /api/staff/orders/:id/refunds  refundRequestSchema, header Idempotency-Key
 *                                              -> 200 refundResultSchema | 400 | 404 | 409 | 502
 *   POST /api/staff/offline-gifts  offlineGiftRequestSchema, header Idempotency-Key -> 201 staffOrderDetailSchema | 400
 *   GET  /api/staff/offline-gifts/dates       -> 200 offlineGiftDatesSchema (offline-gift-dates.ts)
 *   POST /api/staff/orders/:id/void  voidOfflineGiftRequestSchema -> 200 staffOrderDetailSchema (offline gifts only) | 400 | 404 | 409
 * Donors (treasurer, owner):
 *   GET  /api/staff/donors?q=&cursor=          -> 200 donorPageSchema
 *   GET  /api/staff/donors/:email              -> 200 donorDetailSchema | 404
 *   POST /api/staff/donors/merge  mergeDonorsRequestSchema -> 200 donorDetailSchema | 400 | 404
 * Monthly gifts (owner, treasurer; a volunteer their own center's): packages/shared/src/staff-monthly-gifts.ts
 *   GET  /api/staff/monthly-gifts?status=&q=&cursor= -> 200 staffMonthlyGiftPageSchema | 400
 * Registrations (owner, treasurer, volunteer of the center's region):
 *   GET  /api/staff/registrations?cursor= -> 200 staffRegistrationPageSchema
 * The catalogue (editor, owner): packages/shared/src/site-content.ts.
 * The event's sessions (editor, owner manage; everyone reads, a volunteer their own center's):
 *   packages/shared/src/staff-event-sessions.ts.
 */
import { z } from 'zod';
import { TRIBUTE_KINDS } from './gift-extras';
import { donorAddressSchema } from './receipt-address';
import { staffMonthlyGiftSchema } from './staff-monthly-gifts';

export const STAFF_ROLES = ['owner', 'treasurer', 'editor', 'volunteer'] as const;
export const staffRoleSchema = z.enum(STAFF_ROLES, 'must be owner, treasurer, editor or volunteer');
export type StaffRole = z.infer<typeof staffRoleSchema>;

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  owner: 'Owner',
  treasurer: 'Treasurer',
  editor: 'Editor',
  volunteer: 'Volunteer',
};

/** What each role may do. The server checks these on every route; the pages only hide what would be refused. */
export const STAFF_PERMISSIONS = {
  manageStaff: ['owner'],
  readAudit: ['owner'],
  /** Refunds, voids, offline gifts, statements. */
  moveMoney: ['owner', 'treasurer'],
  /** The quarter's UK Gift Aid claim (HMRC Charities Online schedule): donors' names and home addresses. */
  claimGiftAid: ['owner', 'treasurer'],
  /** The day's exchange rates the report's home-currency totals use (decision 0040): read, enter, correct. */
  setExchangeRates: ['owner', 'treasurer'],
  /** Every center's orders and registrations. */
  readAllOrders: ['owner', 'treasurer'],
  /** Orders and registrations; a volunteer's answers are limited to their own center. */
  readOrders: ['owner', 'treasurer', 'volunteer'],
  readDonors: ['owner', 'treasurer'],
  /** Issue 22: the monthly gifts and their summary; a volunteer's answers are limited to their own center. */
  readMonthlyGifts: ['owner', 'treasurer', 'volunteer'],
  editCatalogue: ['owner', 'editor'],
  /** The legal entities: their merchant accounts and receipt series move money, so the owner alone. */
  editEntities: ['owner'],
  /** A session's check-in list (names, parents' phones, ticket codes); a volunteer their own center's. */
  readCheckInList: ['owner', 'treasurer', 'volunteer'],
  /** E-mails to the event's registrants; a volunteer's only to their own center's sessions. */
  messageRegistrants: ['owner', 'editor', 'volunteer'],
  /** The event's sessions: create, edit, archive. */
  manageEvent: ['owner', 'editor'],
  /** The event's sessions and their figures; a volunteer's answers are limited to their own center. */
  readEvent: ['owner', 'treasurer', 'editor', 'volunteer'],
  /** Every center's sessions (a volunteer sees only their own). */
  readAllEvent: ['owner', 'treasurer', 'editor'],
  /** Check-in at the door and its live counts; a volunteer at their own center's sessions. */
  checkIn: ['owner', 'treasurer', 'volunteer'],
  /** Marking who completed the recitation and sending their certificates; a volunteer their own center's. */
  certifyRecitation: ['owner', 'editor', 'volunteer'],
} as const satisfies Record<string, readonly StaffRole[]>;
export type StaffPermission = keyof typeof STAFF_PERMISSIONS;

export function staffCan(role: StaffRole, permission: StaffPermission): boolean {
  return (STAFF_PERMISSIONS[permission] as readonly StaffRole[]).includes(role);
}

/** Roles that must use two-factor sign-in: they move money or manage the staff. */
export const TWO_FACTOR_REQUIRED: readonly StaffRole[] = ['owner', 'treasurer'];

export const staffMessages = {
  invalidLogin: 'Invalid username or password.',
  invalidCode: 'That code is not right. Enter the 6-digit code from your authenticator app, or a recovery code.',
  signedOut: 'Please sign in again.',
  forbidden: 'Your role does not allow this.',
  enrolFirst: 'Set up two-factor sign-in to continue.',
} as const;

/** PostgreSQL text cannot hold NUL: refused here, by field, rather than failing the query (a 500). */
const NO_NUL = (value: string) => !value.includes('\u0000');
const NUL_MESSAGE = 'must not contain NUL characters';
function text(max: number) {
  return z.string().trim().max(max, `must be at most ${max} characters`).refine(NO_NUL, NUL_MESSAGE);
}

const username = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(64, 'must be at most 64 characters')
  .regex(/^[A-Za-z0-9._@-]+$/, 'may use letters, digits and . _ @ - only');
const password = z.string().min(1, 'is required').max(1024, 'must be at most 1024 characters');
/** A 6-digit TOTP code, or a recovery code (xxxxx-xxxxx, letters and digits); spaces are ignored. */
const code = z
  .string()
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().min(6, 'must be 6 digits or a recovery code').max(32, 'must be 6 digits or a recovery code'));
const centerId = z.number().int().positive('must be a center id').max(2_147_483_647, 'must be a center id');

export const staffLoginRequestSchema = z.object({ username, password });
export const staffCodeRequestSchema = z.object({ code });
export const staffPasswordConfirmSchema = z.object({ password });

/** How far the sign-in got: a code is owed, two-factor must be set up first, or signed in. */
export const staffStageSchema = z.enum(['totp', 'enrol', 'full']);
export type StaffStage = z.infer<typeof staffStageSchema>;

export const staffSessionSchema = z.object({
  stage: staffStageSchema,
  staff: z.object({
    id: z.string(),
    username: z.string(),
    role: staffRoleSchema,
    centerId: z.number().nullable(),
    centerName: z.string().nullable(),
    totpEnabled: z.boolean(),
    totpRequired: z.boolean(),
  }),
});
export type StaffSession = z.infer<typeof staffSessionSchema>;

export const totpSetupSchema = z.object({
  /** Base32, for typing into an app by hand. */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as an SVG QR code (markup from the `qrcode` package). */
  qrSvg: z.string(),
});
export const totpConfirmedSchema = z.object({
  /** Shown once: ten single-use codes for when the phone is lost. */
  recoveryCodes: z.array(z.string()),
  session: staffSessionSchema,
});

export const staffMemberSchema = z.object({
  id: z.string(),
  username: z.string(),
  /** Where the member's security notices go; unset until an owner gives one. */
  email: z.string().nullable(),
  role: staffRoleSchema,
  centerId: z.number().nullable(),
  totpEnabled: z.boolean(),
  disabled: z.boolean(),
  /** ISO time the member's locked code step opens again by itself; null when it is not locked. */
  codeStepLockedUntil: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

const volunteerNeedsCenter = (value: { role?: StaffRole | undefined; centerId?: number | null | undefined }) =>
  value.role !== 'volunteer' || (value.centerId !== undefined && value.centerId !== null);

/** A member's address for security notices; an empty field clears it. */
const staffEmail = z
  .string()
  .trim()
  .transform((value) => (value === '' ? null : value))
  .pipe(z.email('must be an e-mail address').max(254, 'must be at most 254 characters').nullable())
  .nullable();

export const createStaffRequestSchema = z
  .object({
    username,
    password,
    role: staffRoleSchema,
    centerId: centerId.nullable().optional(),
    email: staffEmail.optional(),
  })
  .refine(volunteerNeedsCenter, { message: 'a volunteer needs a center', path: ['centerId'] });
export const updateStaffRequestSchema = z
  .object({
    role: staffRoleSchema.optional(),
    centerId: centerId.nullable().optional(),
    disabled: z.boolean().optional(),
    password: password.optional(),
    email: staffEmail.optional(),
    /** Clears the member's two-factor (a lost phone with no recovery codes left); they enrol again. */
    resetTotp: z.literal(true).optional(),
  })
  .refine((value) => Object.keys(value).length > 0, { message: 'nothing to change', path: ['role'] });

export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  actorName: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  clientIp: z.string().nullable(),
});
export const auditPageSchema = z.object({ entries: z.array(auditEntrySchema), nextCursor: z.string().nullable() });

// ---- Money -------------------------------------------------------------------------------------

export const OFFLINE_METHODS = ['cash', 'cheque', 'bank_transfer'] as const;
export const offlineMethodSchema = z.enum(OFFLINE_METHODS, 'must be cash, cheque or bank_transfer');
export const OFFLINE_METHOD_LABELS: Record<(typeof OFFLINE_METHODS)[number], string> = {
  cash: 'Cash',
  cheque: 'Cheque',
  bank_transfer: 'Bank transfer',
};

export const refundSummarySchema = z.object({
  id: z.string(),
  kind: z.enum(['void', 'refund']),
  amountCents: z.number(),
  reason: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  failureMessage: z.string().nullable(),
  staffName: z.string().nullable(),
  createdAt: z.string(),
});

export const staffOrderSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  centerId: z.number(),
  centerName: z.string(),
  amountCents: z.number(),
  refundedCents: z.number(),
  /** The currency of every amount of the order (and of its refunds). */
  currency: z.string().default('USD'),
  source: z.enum(['card', 'offline']),
  status: z.enum(['pending', 'succeeded', 'failed']),
  transactionId: z.string().nullable(),
  receiptNumber: z.string().nullable(),
  test: z.boolean(),
  /**
   * The day an offline gift was received, 'YYYY-MM-DD' (its only date: `createdAt` is a stand-in,
   * noon at the foundation, that orders the lists); null for a card gift.
   */
  receivedOn: z.string().nullable(),
});
export type StaffOrder = z.infer<typeof staffOrderSchema>;

export const staffOrderPageSchema = z.object({ orders: z.array(staffOrderSchema), nextCursor: z.string().nullable() });

/**
 * A gift's tribute as the back office shows it, with its card's state: 'sent'; 'queued' (in the
 * outbox); 'limited' (over the relay limit: kept, never sent); 'none' (no card row: the gift is not
 * paid, or the reconciler's sweep has not queued it yet).
 */
export const staffTributeSchema = z.object({
  kind: z.enum(TRIBUTE_KINDS),
  name: z.string(),
  message: z.string().optional(),
  card: z
    .object({
      name: z.string(),
      email: z.string(),
      showAmount: z.boolean(),
      status: z.enum(['sent', 'queued', 'limited', 'none']),
    })
    .optional(),
});
export type StaffTribute = z.infer<typeof staffTributeSchema>;

export const staffOrderDetailSchema = staffOrderSchema.extend({
  products: z.array(
    z.object({
      name: z.string(),
      unitCents: z.number(),
      quantity: z.number(),
      /** What the treasurer wrote of an offline gift given for a cause (the line names the cause). */
      note: z.string().optional(),
    }),
  ),
  deductibleCents: z.number().nullable(),
  paymentMethod: z.string().nullable(),
  offlineMethod: offlineMethodSchema.nullable(),
  offlineReference: z.string().nullable(),
  refunds: z.array(refundSummarySchema),
  /** The latest corrected or void receipt's number, if any. */
  correctedReceiptNumber: z.string().nullable(),
  /** The gift's tribute and its e-mail card, if any (null: none). */
  tribute: staffTributeSchema.nullable().default(null),
  /** The employer the donor said matches gifts (the matching list's), if any. */
  matchingEmployer: z.string().nullable().default(null),
  /** An offline gift that is an employer's match: the donor's gift it matches. */
  matchesOrderId: z.string().nullable().default(null),
});
export type StaffOrderDetail = z.infer<typeof staffOrderDetailSchema>;

const reason = text(500).refine((value) => value.length > 0, 'is required');

/** A refund of part or all of what is left of a paid card order. Whole and unsettled: a void. */
export const refundRequestSchema = z.object({
  amountCents: z.number().int('must be whole cents').positive('must be more than 0').max(100_000_000),
  reason,
});
export const refundResultSchema = z.object({
  refund: refundSummarySchema,
  order: staffOrderDetailSchema,
});

const isoDay = z.iso.date('must be a date as YYYY-MM-DD');
export const offlineGiftRequestSchema = z.object({
  firstName: text(100).refine((value) => value.length > 0, 'is required'),
  lastName: text(100).refine((value) => value.length > 0, 'is required'),
  email: z.email('must be an e-mail address').max(254),
  centerId,
  amountCents: z.number().int('must be whole cents').positive('must be more than 0').max(100_000_000),
  /**
   * The cause it was given for: one of the catalogue's open-amount items, whose name the order's line
   * takes as an online gift's would. Without it the line is the description, or a plain gift.
   */
  causeId: z.number().int('must be a cause id').positive('must be a cause id').max(2_147_483_647).optional(),
  /** What it was given for in the treasurer's words: a note beside the cause, or the line's name. */
  description: text(200).optional(),
  method: offlineMethodSchema,
  /** The cheque number or bank reference; required for a cheque or a bank transfer. */
  reference: text(100).optional(),
  receivedOn: isoDay,
  /** The donor's address: required for a center whose receipt needs it (receiptNeedsDonorAddress). */
  donorAddress: donorAddressSchema.optional(),
});
export const voidOfflineGiftRequestSchema = z.object({ reason });

// ---- Donors ------------------------------------------------------------------------------------

export const donorSummarySchema = z.object({
  email: z.string(),
  name: z.string(),
  giftCount: z.number(),
  /** Everything kept of their gifts, in the home currency at each gift's own rate (decision 0040). */
  totalCents: z.number(),
  /** The newest gift's instant, or its calendar day 'YYYY-MM-DD' when it has only a date (an offline gift). */
  lastGiftAt: z.string().nullable(),
  /** Other addresses merged into this record. */
  aliases: z.array(z.string()),
});
export const donorPageSchema = z.object({ donors: z.array(donorSummarySchema), nextCursor: z.string().nullable() });
export const donorDetailSchema = donorSummarySchema.extend({
  /** Per calendar year and currency, each in its own money. */
  totalsByYear: z.array(
    z.object({
      year: z.number(),
      currency: z.string().default('USD'),
      totalCents: z.number(),
      deductibleCents: z.number(),
    }),
  ),
  gifts: z.array(staffOrderSchema),
  /** Event registrations made with any of the donor's addresses (registrations have no center). */
  registrations: z.array(z.object({ id: z.string(), createdAt: z.string(), people: z.number() })),
  /** Issue 22: the donor's monthly gifts (any of their addresses), newest first, at most 50. */
  monthlyGifts: z.array(staffMonthlyGiftSchema).default([]),
});
export const mergeDonorsRequestSchema = z
  .object({ from: z.email('must be an e-mail address'), into: z.email('must be an e-mail address') })
  .refine((v) => v.from.toLowerCase() !== v.into.toLowerCase(), {
    message: 'must be another address than `into`',
    path: ['from'],
  });

// ---- Registrations -----------------------------------------------------------------------------

/**
 * A volunteer sees the registrations of their center's sessions, and those whose registrants live in
 * their center's state or province (the center's `region` in site.json, else the state in its
 * address): registrations made before the event had sessions name no center.
 */
export const staffRegistrationSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  email: z.string(),
  /** Where the family recites: 'Dallas Center, Texas · Datta Auditorium · 2027-05-15 09:00'; null before sessions. */
  session: z.string().nullable().default(null),
  /** REGISTRATION_STATUSES: registered, waiting, offered, cancelled, lapsed. */
  status: z.string().default('registered'),
  people: z.array(
    z.object({ name: z.string(), age: z.number(), city: z.string(), state: z.string(), country: z.string() }),
  ),
});
export const staffRegistrationPageSchema = z.object({
  registrations: z.array(staffRegistrationSchema),
  nextCursor: z.string().nullable(),
});

/** GET /api/staff/donors: search (contains, e-mail or name) and the page cursor (the last e-mail). */
export const donorQuerySchema = z.object({
  q: text(200).optional(),
  cursor: text(254).optional(),
});

// ---- Year-end statements (treasurer, owner): packages/shared/src/year-end-statements.ts ---------
