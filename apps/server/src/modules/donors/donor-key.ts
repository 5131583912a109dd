/**
 * Who a gift belongs to (issue 21): its e-mail, lower-cased, unless staff merged that address into
 * another record (donor_aliases), then the kept address. One expression, used by the donor list,
 * the donor page and the year-end statements, so all three count the same person the same way.
 */
import { type SQL, sql } from 'drizzle-orm';
import { donorAliases } from './tables';

export function donorKeyOf(email: SQL | unknown): SQL<string> {
  const lowered = sql`lower(${email})`;
  return sql<string>`coalesce((select ${donorAliases.primaryEmail} from ${donorAliases} where ${donorAliases.email} = ${lowered}), ${lowered})`;
}

/**
 * The gifts of the donor kept under `email`: given with it or with an address merged into it.
 * Written as `lower(email) in (...)` so the lower(email) index finds them (a statement per donor
 * must not read every order).
 */
export function givenByDonor(column: unknown, email: string): SQL {
  const key = email.toLowerCase();
  return sql`lower(${column}) in (select ${key}::text union all select ${donorAliases.email} from ${donorAliases} where ${donorAliases.primaryEmail} = ${key})`;
}
