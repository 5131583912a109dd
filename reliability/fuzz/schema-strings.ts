/**
 * Every string field a route takes, read from its schema: the OpenAPI document the app builds from
 * each route's zod schema (plugins/api-docs.ts, with fastify-type-provider-zod's transform), so a
 * route or a field added later is attacked without anyone listing it here. The walk follows
 * objects, arrays (their first item), optional and nullable fields, unions (every branch), records
 * and references, and keeps the path of each string: `customerDetails.cardLastName`,
 * `registrants.0.city`. Query and URL parameters are all text on the wire, whatever they parse to.
 */

export type JsonPath = (string | number)[];

export type StringFields = {
  body: JsonPath[];
  query: string[];
  params: string[];
};

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Schemas are a few levels deep; a self-referencing one must not loop. */
const MAX_DEPTH = 12;

/** A record's key, for the fields under `additionalProperties`. */
const RECORD_KEY = 'fuzz-key';

function resolve(document: Json, schema: Json): Json | undefined {
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  let node: unknown = document;
  for (const step of ref.replace(/^#\//, '').split('/')) node = isRecord(node) ? node[step] : undefined;
  return isRecord(node) ? node : undefined;
}

function isStringSchema(schema: Json): boolean {
  const type = schema.type;
  return type === 'string' || (Array.isArray(type) && type.includes('string'));
}

function walk(document: Json, node: unknown, path: JsonPath, out: Map<string, JsonPath>, depth: number): void {
  if (!isRecord(node) || depth > MAX_DEPTH) return;
  const schema = resolve(document, node);
  if (!schema) return;
  if (isStringSchema(schema)) out.set(JSON.stringify(path), path);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const branches = schema[key];
    if (Array.isArray(branches)) for (const branch of branches) walk(document, branch, path, out, depth + 1);
  }
  if (isRecord(schema.properties)) {
    for (const [key, child] of Object.entries(schema.properties)) walk(document, child, [...path, key], out, depth + 1);
  }
  if (isRecord(schema.additionalProperties)) {
    walk(document, schema.additionalProperties, [...path, RECORD_KEY], out, depth + 1);
  }
  // A tuple (prefixItems, or items as a list in older drafts): each position; a list: its first item.
  const positions = Array.isArray(schema.prefixItems) ? schema.prefixItems : schema.items;
  if (Array.isArray(positions)) {
    for (const [i, item] of positions.entries()) walk(document, item, [...path, i], out, depth + 1);
  } else if (isRecord(schema.items)) {
    walk(document, schema.items, [...path, 0], out, depth + 1);
  }
}

/** Fastify's `/orders/:id/refunds` as OpenAPI writes it: `/orders/{id}/refunds`. */
export function openApiPath(route: string): string {
  return route.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
}

/** The operation's JSON body schema, whatever JSON type it is declared under. */
function bodySchema(operation: Json): unknown {
  const body = operation.requestBody;
  if (!isRecord(body) || !isRecord(body.content)) return undefined;
  const json = Object.entries(body.content).find(([type]) => /json/i.test(type));
  return json && isRecord(json[1]) ? json[1].schema : undefined;
}

function parameterNames(operation: Json, where: 'query' | 'path'): string[] {
  const parameters = Array.isArray(operation.parameters) ? operation.parameters : [];
  return parameters.flatMap((p) => (isRecord(p) && p.in === where && typeof p.name === 'string' ? [p.name] : []));
}

const NONE: StringFields = { body: [], query: [], params: [] };

/** The string fields of one route (`route` in Fastify's form), or none when the document lacks it. */
export function stringFieldsOf(document: unknown, method: string, route: string): StringFields {
  if (!isRecord(document) || !isRecord(document.paths)) return NONE;
  const item = document.paths[openApiPath(route)];
  const operation = isRecord(item) ? item[method.toLowerCase()] : undefined;
  if (!isRecord(operation)) return NONE;
  const body = new Map<string, JsonPath>();
  walk(document, bodySchema(operation), [], body, 0);
  return {
    body: [...body.values()],
    query: parameterNames(operation, 'query'),
    params: parameterNames(operation, 'path'),
  };
}
