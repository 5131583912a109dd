/**
 * Narrowing for the JSON bodies the SDK sends. Although the gateway answers in XML, the Node SDK
 * (lib/braintree/http.js) posts JSON with snake_case keys: `{ transaction: { payment_method_nonce,
 * order_id, options: { submit_for_settlement } } }`, so that is what the fake reads.
 */

export type JsonRecord = { readonly [key: string]: unknown };

export function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function record(value: unknown, key: string): JsonRecord {
  if (!isRecord(value)) return {};
  const child = value[key];
  return isRecord(child) ? child : {};
}

/** A string field; numbers are accepted too since the SDK forwards whatever the caller gave it. */
export function text(value: JsonRecord, key: string): string | null {
  const field = value[key];
  if (typeof field === 'string') return field;
  if (typeof field === 'number') return String(field);
  return null;
}

export function stringList(value: JsonRecord, key: string): string[] | null {
  const field = value[key];
  return Array.isArray(field) ? field.filter((item): item is string => typeof item === 'string') : null;
}

export function parseJson(body: string): unknown {
  if (body.trim() === '') return {};
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}
