/**
 * The administrators' payment report (SPEC.md §2 /report, §3 "Report response", §4 Report):
 * GET /api/report-data and GET /api/report-data.csv take the same query; the page and the server
 * parse with these schemas.
 */
import { z } from 'zod';
import { monthlyGivingSummarySchema } from './monthly-giving';

export const reportMessages = {
  title: 'Books Payment Report',
  donorDetails: 'Donor Details',
  credentialsRequired: 'Username and password are required.',
  loginFailed: 'Invalid credentials or server error.',
  logout: 'Logout',
} as const;

export const REPORT_PAGE_SIZE_DEFAULT = 50;
export const REPORT_PAGE_SIZE_MAX = 200;

/**
 * The days a filter may name (issue 18: `from=0000-01-01` was a 500, PostgreSQL having no year 0):
 * far wider than any order of this store, narrow enough that every bound is a date and an instant
 * in any time zone. ISO dates compare as strings.
 */
export const REPORT_FIRST_DAY = '2000-01-01';
export const REPORT_LAST_DAY = '2100-12-31';
/** orders.center_id is a PostgreSQL integer: a larger id would fail the query instead of matching nothing. */
const MAX_CENTER_ID = 2_147_483_647;

const day = z.iso
  .date('must be a date as YYYY-MM-DD')
  .refine(
    (value) => value >= REPORT_FIRST_DAY && value <= REPORT_LAST_DAY,
    `must be a date from ${REPORT_FIRST_DAY} to ${REPORT_LAST_DAY}`,
  );

/** Filters and paging. Days are the foundation's calendar days (its time zone), both ends included. */
export const reportQuerySchema = z
  .object({
    from: day.optional(),
    to: day.optional(),
    /** A center id. */
    center: z.coerce
      .number()
      .int()
      .positive('must be a center id')
      .max(MAX_CENTER_ID, 'must be a center id')
      .optional(),
    /** Matches the donor's name or e-mail (contains, any case) or the transaction id (exact). */
    q: z.string().trim().max(200, 'must be at most 200 characters').optional(),
    /** Opaque: the `nextCursor` of the previous page. */
    cursor: z.string().max(200).optional(),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(REPORT_PAGE_SIZE_MAX, `must be at most ${REPORT_PAGE_SIZE_MAX}`)
      .default(REPORT_PAGE_SIZE_DEFAULT),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'must not be after `to`', path: ['from'] });
export type ReportQuery = z.infer<typeof reportQuerySchema>;

/** SPEC.md §3 "Donor row"; amount in dollars. `orderId` added so rows have a stable identity. */
export const donorRowSchema = z.object({
  orderId: z.string(),
  name: z.string(),
  email: z.string(),
  center: z.string(),
  amount: z.number(),
  transactionId: z.string(),
  /**
   * When the gift was made: an ISO 8601 instant, or the calendar day 'YYYY-MM-DD' of a gift that has
   * only a date (an offline gift's date received).
   */
  date: z.string(),
  qty: z.number().int(),
  products: z.string(),
  /**
   * How the book reaches the donor: 'Pickup at {center}', 'Delivery to {address}', or empty when
   * nothing is shipped. Added beside SPEC.md's fields: whoever hands out the books needs it.
   */
  delivery: z.string(),
  /**
   * A test order (issue 18): taken by a gateway that moves no money (the sandbox), so nothing was
   * paid. Added beside SPEC.md's fields; false when a server does not send it.
   */
  test: z.boolean().default(false),
  /** Issue 20: the receipt's number, the deductible part (dollars; null before tax receipts). */
  receiptNumber: z.string().default(''),
  deductible: z.number().nullable().default(null),
  /** Issue 21: what was refunded or voided of `amount`, in dollars (0 when nothing). */
  refunded: z.number().default(0),
  /** The currency of `amount`, `deductible` and `refunded`. */
  currency: z.string().default('USD'),
  /** What was kept (amount − refunded) in the home currency at the order's own rate; null without one yet. */
  homeAmount: z.number().nullable().default(null),
  /** The gift's tribute, 'In memory of {name}' or 'In honour of {name}'; empty when none. */
  tribute: z.string().default(''),
  /** How the gift was paid, as its receipt names it ('PayPal', 'Apple Pay, Visa ending in 8886'); empty when not recorded. */
  paymentMethod: z.string().default(''),
});
export type DonorRow = z.infer<typeof donorRowSchema>;

/** One registered person of the event (the registration issue fills this list). */
export const hostRowSchema = z.object({
  registrationNumber: z.string(),
  date: z.string(),
  name: z.string(),
  email: z.string(),
  age: z.number().int(),
  gender: z.string(),
  category: z.string().nullable(),
  phone: z.string().nullable(),
  parents: z.string().nullable(),
  location: z.string(),
  /** Where the person recites: 'Dallas Center, Texas · Datta Auditorium · 2027-05-15 09:00' (the session's own time); null before sessions. */
  session: z.string().nullable().default(null),
  /** The person's own state: their registration's, or 'cancelled' once they alone were cancelled. */
  status: z.string().default('registered'),
  /** The person's live ticket; null while waiting or offered, or once cancelled. */
  ticketId: z.string().nullable().default(null),
});
export type HostRow = z.infer<typeof hostRowSchema>;

/** What one currency's orders add up to, in that currency (decision 0040: never added across). */
export const currencyTotalSchema = z.object({ currency: z.string(), count: z.number().int(), amount: z.number() });
export type CurrencyTotal = z.infer<typeof currencyTotalSchema>;

/**
 * The whole filter's totals. `amount` is in the home currency (`homeCurrency`), each order counted at
 * the rate it kept; `byCurrency` says what each currency was in its own money; `unrated` counts the
 * orders whose day has no rate yet, left out of `amount` until the treasurer enters it.
 */
export const reportTotalsSchema = z.object({
  count: z.number().int(),
  amount: z.number(),
  homeCurrency: z.string().default('USD'),
  byCurrency: z.array(currencyTotalSchema).default([]),
  unrated: z.number().int().default(0),
  /**
   * The processing fees donors covered, in the home currency at each order's rate, and how
   * many of the card and wallet gifts (`of`, offline gifts have no fee) covered them (`covered`).
   */
  fees: z.object({ amount: z.number(), covered: z.number().int(), of: z.number().int() }).optional(),
});

export const reportResponseSchema = z.object({
  donors: z.array(donorRowSchema),
  hosts: z.array(hostRowSchema),
  /** Null on the last page. */
  nextCursor: z.string().nullable(),
  /** For the whole filter, not just this page. */
  totals: reportTotalsSchema,
  /** Donations per day (foundation's days, amounts in the home currency) and per center, for the chosen filter. */
  perDay: z.array(z.object({ day: z.string(), count: z.number().int(), amount: z.number() })),
  /** Each center in its own currency (`amount`), and at home (`homeAmount`) so centers can be compared. */
  perCenter: z.array(
    z.object({
      center: z.string(),
      count: z.number().int(),
      amount: z.number(),
      currency: z.string().default('USD'),
      homeAmount: z.number().optional(),
    }),
  ),
  /**
   * The foundation's IANA time zone (site.json foundation.timeZone): the days of `perDay` and of the
   * filter are its calendar days, and the page shows every date and time in it, so they agree.
   */
  timeZone: z.string(),
  /** Issue 20: year-end statements per year: how many were sent and how many wait in the outbox. */
  statements: z
    .array(z.object({ year: z.number().int(), sent: z.number().int(), queued: z.number().int() }))
    .default([]),
  /**
   * Issue 22: the monthly gifts as they stand now (of the filter's center, if one is chosen; the
   * days and the search do not apply). Absent from a server from before monthly giving.
   */
  monthlyGiving: monthlyGivingSummarySchema.optional(),
});
export type ReportResponse = z.infer<typeof reportResponseSchema>;

/** Cells a spreadsheet would run as a formula start with one of these: prefix them with a quote. */
export const CSV_FORMULA_PREFIXES = ['=', '+', '-', '@', '\t', '\r'] as const;
