/** ALTCHA solutions already used: each is accepted once (replay refused), kept until it expires. */
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const captchaSpent = pgTable(
  'captcha_spent',
  {
    /** The challenge signature, unique per issued challenge. */
    signature: text('signature').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('captcha_spent_expires_idx').on(t.expiresAt)],
);
