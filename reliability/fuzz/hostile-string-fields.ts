/**
 * Hostile strings put in a route's own string fields (schema-strings.ts), each in a body that is
 * otherwise valid, so they reach what lies past the schema: the database, the mail, the receipts.
 *
 * Two kinds of case: a random one (any hostile string, or one spliced into the field's valid value,
 * in a random field) for fast-check, and a fixed sweep that sends every field the text the database
 * cannot store (a NUL, a lone surrogate) inside its valid value, so no field depends on luck.
 */
import fc from 'fast-check';
import { type HostileJson, hostileString, percentEncode, RawJson } from './hostile-values';
import type { JsonPath } from './schema-strings';

export type StringFieldCase = { description: string; body: HostileJson };

function isRecord(value: HostileJson | undefined): value is { [key: string]: HostileJson } {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof RawJson);
}

function valueAt(node: HostileJson | undefined, path: JsonPath): HostileJson | undefined {
  let current = node;
  for (const step of path) {
    if (typeof step === 'number') current = Array.isArray(current) ? current[step] : undefined;
    else current = isRecord(current) ? current[step] : undefined;
  }
  return current;
}

/** `base` with `value` at `path`; objects and arrays are made where the base has none (an optional field). */
export function withValueAt(base: HostileJson | undefined, path: JsonPath, value: HostileJson): HostileJson {
  const [step, ...rest] = path;
  if (step === undefined) return value;
  if (typeof step === 'number') {
    const items = Array.isArray(base) ? [...base] : [];
    items[step] = withValueAt(items[step], rest, value);
    return items.map((item) => item ?? null);
  }
  const fields = isRecord(base) ? { ...base } : {};
  fields[step] = withValueAt(fields[step], rest, value);
  return fields;
}

/** `inserted` in the middle of the field's valid value (or of a plain word when it has none). */
export function spliced(valid: HostileJson | undefined, inserted: string): string {
  const text = typeof valid === 'string' && valid !== '' ? valid : 'ab';
  const middle = Math.ceil(text.length / 2);
  return `${text.slice(0, middle)}${inserted}${text.slice(middle)}`;
}

/** What PostgreSQL cannot store: a NUL refuses the query, a lone surrogate has no UTF-8 at all. */
export const UNSTORABLE = [
  ['a NUL', '\u0000'],
  ['a lone surrogate', '\ud800'],
] as const;

function describe(path: JsonPath, value: string): string {
  return `string field ${path.join('.')} = ${JSON.stringify(value.slice(0, 40))}${value.length > 40 ? '…' : ''}`;
}

/** Any hostile string in any of the fields. */
export function hostileStringField(base: HostileJson, paths: readonly JsonPath[]): fc.Arbitrary<StringFieldCase> {
  return fc.tuple(fc.constantFrom(...paths), hostileString, fc.boolean()).map(([path, hostile, splice]) => {
    const value = splice ? spliced(valueAt(base, path), hostile) : hostile;
    return { description: describe(path, value), body: withValueAt(base, path, value) };
  });
}

/** Every field, once with each kind of unstorable text inside its valid value. */
export function unstorableStringFields(base: HostileJson, paths: readonly JsonPath[]): StringFieldCase[] {
  return paths.flatMap((path) =>
    UNSTORABLE.map(([, inserted]) => {
      const value = spliced(valueAt(base, path), inserted);
      return { description: describe(path, value), body: withValueAt(base, path, value) };
    }),
  );
}

/** A query parameter's valid value with a NUL in it, as a URL carries it (a URL has no lone surrogate). */
export function nulQueryValue(valid: string | undefined): string {
  return percentEncode(spliced(valid, '\u0000'));
}
