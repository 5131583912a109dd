/**
 * Report keys: what an owner or treasurer types as the password on /report (HTTP Basic), instead of
 * their account password, which needs a second factor and so cannot be sent alone. A key reads the
 * report and nothing else; it is shown once, stored as a hash, and can be revoked at once.
 *
 *   GET  /api/staff/report-keys                          -> 200 reportKeyListSchema (own keys; an owner sees every member's)
 *   POST /api/staff/report-keys   createReportKeyRequestSchema -> 201 createdReportKeySchema | 400 | 403
 *   POST /api/staff/report-keys/:id/revoke               -> 200 reportKeySchema | 404
 */
import { z } from 'zod';

/** Every key starts with this, so a key pasted in the wrong place is recognisable (and greppable in leaks). */
export const REPORT_KEY_PREFIX = 'rk_';

/**
 * A key as the server makes it or ADMIN_REPORT_KEY gives it: the prefix and at least 22 URL-safe
 * characters (22 random base64url characters hold 132 bits).
 */
export const REPORT_KEY_PATTERN = /^rk_[A-Za-z0-9_-]{22,200}$/;

export const reportKeyMessages = {
  shownOnce: 'Copy this key now: it is shown only once. Type it as the password on the report page.',
  noKeys: 'No report keys yet.',
} as const;

export const createReportKeyRequestSchema = z.object({
  label: z
    .string()
    .trim()
    .min(1, 'is required')
    .max(80, 'must be at most 80 characters')
    .refine((value) => !value.includes('\u0000'), 'must not contain NUL characters'),
});
export type CreateReportKeyRequest = z.infer<typeof createReportKeyRequestSchema>;

/** A key as lists show it: never the key itself. */
export const reportKeySchema = z.object({
  id: z.string(),
  label: z.string(),
  /** The member the key signs in as. */
  username: z.string(),
  createdAt: z.string(),
  /** ISO 8601, or null if never used (updated at most once a minute). */
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ReportKey = z.infer<typeof reportKeySchema>;

export const reportKeyListSchema = z.object({ keys: z.array(reportKeySchema) });

/** The one answer that carries the key: the creation's. */
export const createdReportKeySchema = z.object({ key: reportKeySchema, secret: z.string() });
export type CreatedReportKey = z.infer<typeof createdReportKeySchema>;
