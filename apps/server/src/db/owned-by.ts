/**
 * Whose rows are whose, for a visitor's dashboard (GET /auth/activity): the account's own, filed
 * under its id (orders.user_id, registrations.user_id: made while signed in), plus, once the
 * account's e-mail is verified (Google vouched for it), those made with that e-mail while signed
 * out. An unverified e-mail proves nothing: anyone can register with someone else's address, so it
 * must not open that person's history. Here, below the modules, so that the checkout and event
 * registrations list an account's rows without importing the auth module.
 */
import { eq, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** What of an account decides which rows are its own. */
export type AccountOwner = { id: string; email: string; emailVerified: boolean };

/** `lower(column) = lower(email)`: the expression of the e-mail indexes, so they serve it. */
export function sameEmail(column: AnyPgColumn, email: string): SQL {
  return sql`lower(${column}) = lower(${email})`;
}

export function ownedBy(owner: AccountOwner, userIdColumn: AnyPgColumn, emailColumn: AnyPgColumn): SQL {
  const byAccount = eq(userIdColumn, owner.id);
  if (!owner.emailVerified) return byAccount;
  return or(byAccount, sameEmail(emailColumn, owner.email)) ?? byAccount;
}
