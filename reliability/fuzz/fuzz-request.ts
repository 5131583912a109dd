/**
 * Builders for the fuzz table (endpoints.ts): each turns an endpoint's valid request into an
 * arbitrary of hostile ones that differ in one part only (body, query string, headers or path),
 * so a counterexample names exactly what the server could not take. Body and query also attack
 * the route's own string fields, read from its schema (schema-strings.ts), at random and in a
 * fixed sweep of every field (the examples, run before the random cases).
 */
import fc from 'fast-check';
import type { FuzzTarget } from './fuzz-target';
import { type BodyCase, hostileBody, serialize } from './hostile-bodies';
import { hostileHeaders, hostileQuery } from './hostile-requests';
import { hostileStringField, nulQueryValue, unstorableStringFields } from './hostile-string-fields';
import { type HostileJson, hostileString, percentEncode } from './hostile-values';
import { stringFieldsOf } from './schema-strings';

export type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'OPTIONS';

export type FuzzRequest = {
  /** What was made hostile, for the counterexample. */
  description: string;
  method: Method;
  /** Path and query string, as sent. */
  url: string;
  headers: Record<string, string | string[]>;
  payload?: Buffer;
  remoteAddress: string;
};

export type FuzzPart = 'body' | 'query' | 'headers' | 'path';

/** Random hostile requests, and fixed ones every run sends first. */
export type PartCases = { arbitrary: fc.Arbitrary<FuzzRequest>; examples: FuzzRequest[] };

export type PartArbitrary = (target: FuzzTarget) => PartCases;

/** A valid request of the endpoint: what the hostile ones are made from. */
export type BaseRequest = {
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: HostileJson;
};

type Endpoint = {
  method: Method;
  path: string;
  /** The route's pattern when `path` fills in its parameters. */
  route?: string;
  remoteAddress: string;
};

function fieldsOf(endpoint: Endpoint, target: FuzzTarget) {
  return stringFieldsOf(target.apiDocument, endpoint.method, endpoint.route ?? endpoint.path);
}

function urlOf(path: string, search: string): string {
  return search === '' ? path : `${path}?${search}`;
}

function searchOf(query: Record<string, string> = {}): string {
  return new URLSearchParams(query).toString();
}

function jsonPayload(body: HostileJson | undefined): { payload?: Buffer; headers: Record<string, string> } {
  if (body === undefined) return { headers: {} };
  return { payload: Buffer.from(serialize(body)), headers: { 'content-type': 'application/json' } };
}

/** The body as the server's JSON parser reads it (which skips a leading byte-order mark). */
function parsedJson(c: BodyCase): unknown {
  try {
    return JSON.parse(c.payload.toString('utf8').replace(/^\uFEFF/, ''));
  } catch {
    return undefined;
  }
}

export type BodyPartOptions = {
  base: (target: FuzzTarget) => BaseRequest;
  /**
   * True when the endpoint's own contract (its shared schema) accepts the body: then it is a valid
   * request, not a hostile one, and the case is discarded. Needed only where a valid body would be
   * acted on (nothing else in the request refuses it first, e.g. the captcha).
   */
  accepts?: (body: unknown) => boolean;
};

export function bodyPart(endpoint: Endpoint, options: BodyPartOptions): PartArbitrary {
  return (target) => {
    const base = options.base(target);
    const body = base.body ?? {};
    const fields = fieldsOf(endpoint, target).body;
    const request = (c: BodyCase, what: string): FuzzRequest => ({
      description: `${what}: ${c.description}`,
      method: endpoint.method,
      url: urlOf(endpoint.path, searchOf(base.query)),
      headers: { ...base.headers, ...(c.contentType === undefined ? {} : { 'content-type': c.contentType }) },
      payload: c.payload,
      remoteAddress: endpoint.remoteAddress,
    });
    const asJson = (c: { description: string; body: HostileJson }): BodyCase => ({
      description: c.description,
      payload: Buffer.from(serialize(c.body)),
      contentType: 'application/json',
    });
    const cases =
      fields.length === 0
        ? hostileBody(body)
        : fc.oneof(
            { weight: 5, arbitrary: hostileBody(body) },
            { weight: 2, arbitrary: hostileStringField(body, fields).map(asJson) },
          );
    // Whatever the content type says: the server may read a body it was not told was JSON.
    const hostile = options.accepts ? cases.filter((c) => !options.accepts?.(parsedJson(c))) : cases;
    return {
      arbitrary: hostile.map((c) => request(c, 'body')),
      // Not filtered by `accepts`: text the database cannot store must be refused whatever the schema says.
      examples: unstorableStringFields(body, fields).map((c) => request(asJson(c), 'body sweep')),
    };
  };
}

export type FormPartOptions = { base: Record<string, string> };

/** An application/x-www-form-urlencoded endpoint (the payment webhook): keys and values garbled. */
export function formBodyPart(endpoint: Endpoint, options: FormPartOptions): PartArbitrary {
  return () => {
    const keys = Object.keys(options.base);
    const pair = fc.tuple(
      fc.oneof(
        fc.constantFrom(...keys),
        fc.constantFrom('__proto__', 'constructor[prototype]', ''),
        fc.string({ maxLength: 10 }),
      ),
      fc.oneof(hostileString.map(percentEncode), fc.constantFrom('%', '%zz', '%E0%A4', '%00', 'a'.repeat(250_000))),
    );
    const form = fc
      .array(pair, { minLength: 0, maxLength: 5 })
      .map((pairs) => ({ text: pairs.map(([k, v]) => `${percentEncode(k)}=${v}`).join('&'), json: false }));
    const json = hostileBody(options.base).map((c) => ({ text: c.payload.toString('latin1'), json: true }));
    const contentType = fc.constantFrom(
      'application/x-www-form-urlencoded',
      'application/x-www-form-urlencoded; charset=utf-8',
      'application/json',
      'text/plain',
      'multipart/form-data; boundary=x',
    );
    const arbitrary = fc.tuple(fc.oneof(form, json), contentType).map(([body, type]) => ({
      description: `form body ${body.json ? '(JSON)' : ''} ${body.text.slice(0, 80)} as ${type}`,
      method: endpoint.method,
      url: endpoint.path,
      headers: { 'content-type': type },
      payload: Buffer.from(body.text, 'latin1'),
      remoteAddress: endpoint.remoteAddress,
    }));
    return { arbitrary, examples: [] };
  };
}

export type QueryPartOptions = {
  base: (target: FuzzTarget) => BaseRequest;
  /** The parameters the endpoint reads. */
  keys?: readonly string[];
};

export function queryPart(endpoint: Endpoint, options: QueryPartOptions): PartArbitrary {
  return (target) => {
    const base = options.base(target);
    const query = base.query ?? {};
    const body = jsonPayload(base.body);
    const fields = fieldsOf(endpoint, target);
    const request = (description: string, url: string): FuzzRequest => ({
      description,
      method: endpoint.method,
      url,
      headers: { ...base.headers, ...body.headers },
      ...(body.payload ? { payload: body.payload } : {}),
      remoteAddress: endpoint.remoteAddress,
    });
    const withNul = (key: string) => {
      const others = Object.entries(query).filter(([k]) => k !== key);
      const search = [...others.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)];
      search.push(`${encodeURIComponent(key)}=${nulQueryValue(query[key])}`);
      return request(`query sweep: ${key} with a NUL`, urlOf(endpoint.path, search.join('&')));
    };
    return {
      arbitrary: hostileQuery(query, [...(options.keys ?? []), ...fields.query]).map((c) =>
        request(`query: ${c.description}`, urlOf(endpoint.path, c.search)),
      ),
      examples: [
        ...[...new Set([...Object.keys(query), ...fields.query])].map(withNul),
        request('query sweep: a parameter name with a NUL', urlOf(endpoint.path, `${searchOf(query)}&a%00b=1`)),
        ...fields.params.map((name) =>
          request(`URL sweep: ${name} with a NUL`, urlOf(nulParam(endpoint, name), searchOf(query))),
        ),
      ],
    };
  };
}

/** The endpoint's path with the URL parameter `name` (a segment of its route) holding a NUL. */
function nulParam(endpoint: Endpoint, name: string): string {
  const route = (endpoint.route ?? endpoint.path).split('/');
  return endpoint.path
    .split('/')
    .map((segment, i) => {
      const pattern = route[i] ?? '';
      if (!pattern.startsWith(`:${name}`)) return segment;
      // `:orderId.pdf`: the parameter, then what follows it in the segment.
      const suffix = pattern.slice(name.length + 1);
      return `${nulQueryValue(segment.slice(0, segment.length - suffix.length))}${suffix}`;
    })
    .join('/');
}

export type HeadersPartOptions = {
  base: (target: FuzzTarget) => BaseRequest;
  /** The headers the endpoint reads, so most edits hit them. */
  relevant?: readonly string[];
};

export function headersPart(endpoint: Endpoint, options: HeadersPartOptions): PartArbitrary {
  return (target) => {
    const base = options.base(target);
    const body = jsonPayload(base.body);
    const arbitrary = hostileHeaders({ ...base.headers, ...body.headers }, options.relevant ?? []).map((c) => ({
      description: `headers: ${c.description}`,
      method: endpoint.method,
      url: urlOf(endpoint.path, searchOf(base.query)),
      headers: c.headers,
      ...(body.payload ? { payload: body.payload } : {}),
      remoteAddress: endpoint.remoteAddress,
    }));
    // Headers carry no NUL: Node's HTTP parser refuses one (wire.test.ts), so nothing to sweep.
    return { arbitrary, examples: [] };
  };
}

/** Paths under a prefix: traversal, encoded slashes and NULs, overlong and non-UTF-8 escapes. */
export function pathPart(endpoint: Endpoint, options: { dotSegments: boolean }): PartArbitrary {
  return () => {
    const anySegment = fc.oneof(
      fc.constantFrom(
        '..',
        '%2e%2e',
        '%2e%2e%2f',
        '..%2f..%2f..%2fetc%2fpasswd',
        '%252e%252e',
        '..%5c..%5c',
        '%00',
        '%ff',
        '%c0%ae%c0%ae',
        '.env',
        'index.html',
        'assets',
        '~',
        '%',
        'a'.repeat(3_000),
        'report',
        'api',
        'auth',
        'healthz',
        '%2fetc%2fpasswd',
        '.git',
        'node_modules',
      ),
      hostileString.map(percentEncode),
    );
    // Injected URLs have their dot segments resolved before the app sees them (`/api/..` arrives as
    // `/`): where that would change which part of the app answers, they are left to the wire test.
    const segment = options.dotSegments ? anySegment : anySegment.filter((s) => !/^(\.|%2e){1,2}$/i.test(s));
    const arbitrary = fc
      .tuple(
        fc.array(segment, { minLength: 1, maxLength: 6 }),
        fc.constantFrom<Method>('GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'),
      )
      .map(([segments, method]) => {
        const url = `${endpoint.path.replace(/\/$/, '')}/${segments.join('/')}`;
        return {
          description: `path: ${method} ${url.slice(0, 120)}`,
          method,
          url,
          headers: {},
          remoteAddress: endpoint.remoteAddress,
        };
      });
    return { arbitrary, examples: [] };
  };
}
