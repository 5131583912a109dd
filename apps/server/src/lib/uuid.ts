/**
 * A UUID in its text form. Checked before a value goes into a query on a uuid column: PostgreSQL
 * refuses anything else with an error, which would turn a bad value into a failed query.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}
