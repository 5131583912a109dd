/**
 * Whether a failed statement broke a unique index (SQLSTATE 23505), on either driver. Drizzle wraps
 * the driver's error (its `cause`), so the chain is walked. For the rare write that cannot use
 * ON CONFLICT (an UPDATE), where a race lost to another writer is the visitor's 409, not a 500.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    if ('code' in current && current.code === '23505') return true;
    current = current.cause;
  }
  return false;
}
