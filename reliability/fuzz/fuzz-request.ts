/**
 * Builders for the fuzz table (endpoints.ts): each turns an endpoint's valid request into an
 * arbitrary of hostile ones that differ in one part only (body, query string, headers or path),
 * so a counterexample names exactly what the server could not take.
 */
import fc from 'fast-check';
import type { FuzzTarget } from './fuzz-target';
import { type BodyCase, hostileBody, serialize } from './hostile-bodies';
import { hostileHeaders, hostileQuery } from './hostile-requests';
import { type HostileJson, hostileString, percentEncode } from './hostile-values';

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

export type PartArbitrary = (target: FuzzTarget) => fc.Arbitrary<FuzzRequest>;

/** A valid request of the endpoint: what the hostile ones are made from. */
export type BaseRequest = {
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: HostileJson;
};

type Endpoint = { method: Method; path: string; remoteAddress: string };

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
    const cases = hostileBody(base.body ?? {});
    // Whatever the content type says: the server may read a body it was not told was JSON.
    const hostile = options.accepts ? cases.filter((c) => !options.accepts?.(parsedJson(c))) : cases;
    return hostile.map((c) => ({
      description: `body: ${c.description}`,
      method: endpoint.method,
      url: urlOf(endpoint.path, searchOf(base.query)),
      headers: { ...base.headers, ...(c.contentType === undefined ? {} : { 'content-type': c.contentType }) },
      payload: c.payload,
      remoteAddress: endpoint.remoteAddress,
    }));
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
    return fc.tuple(fc.oneof(form, json), contentType).map(([body, type]) => ({
      description: `form body ${body.json ? '(JSON)' : ''} ${body.text.slice(0, 80)} as ${type}`,
      method: endpoint.method,
      url: endpoint.path,
      headers: { 'content-type': type },
      payload: Buffer.from(body.text, 'latin1'),
      remoteAddress: endpoint.remoteAddress,
    }));
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
    const body = jsonPayload(base.body);
    return hostileQuery(base.query ?? {}, options.keys ?? []).map((c) => ({
      description: `query: ${c.description}`,
      method: endpoint.method,
      url: urlOf(endpoint.path, c.search),
      headers: { ...base.headers, ...body.headers },
      ...(body.payload ? { payload: body.payload } : {}),
      remoteAddress: endpoint.remoteAddress,
    }));
  };
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
    return hostileHeaders({ ...base.headers, ...body.headers }, options.relevant ?? []).map((c) => ({
      description: `headers: ${c.description}`,
      method: endpoint.method,
      url: urlOf(endpoint.path, searchOf(base.query)),
      headers: c.headers,
      ...(body.payload ? { payload: body.payload } : {}),
      remoteAddress: endpoint.remoteAddress,
    }));
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
    return fc
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
  };
}
