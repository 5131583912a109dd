/**
 * The raw material of hostile requests: values of the wrong type, numbers at and past every edge
 * (huge, negative, fractional cents, -0, exponent overflow), strings that break parsers or pages
 * (NUL, lone surrogates, right-to-left marks, script and SQL payloads, formula prefixes, 100 KB),
 * JSON texts too deep to recurse over, and bytes that are not UTF-8.
 *
 * Values that JSON.stringify cannot write (deep nesting, 1e999, a lone-surrogate escape) are
 * `RawJson`: the request builder splices their text into the body as is.
 */
import fc from 'fast-check';

/** A piece of JSON text spliced into a body verbatim. */
export class RawJson {
  constructor(readonly text: string) {}
}

export type HostileJson = null | boolean | number | string | HostileJson[] | { [key: string]: HostileJson } | RawJson;

/** A JSON value (an object made by our own helpers, e.g. a valid request body) as HostileJson, checked. */
export function toHostileJson(value: unknown): HostileJson {
  if (value === null || typeof value === 'boolean' || typeof value === 'number' || typeof value === 'string')
    return value;
  if (Array.isArray(value)) return value.map(toHostileJson);
  if (typeof value === 'object') {
    const out: Record<string, HostileJson> = {};
    for (const [key, item] of Object.entries(value)) if (item !== undefined) out[key] = toHostileJson(item);
    return out;
  }
  throw new Error(`not a JSON value: ${typeof value}`);
}

const DEPTH = 20_000;

/** JSON texts a recursive parser or validator would choke on, and numbers JSON.parse bends. */
const rawTexts = [
  '['.repeat(DEPTH) + ']'.repeat(DEPTH),
  `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`,
  '1e999',
  '-1e999',
  '123456789012345678901234567890',
  '0.1e-400',
  '-0',
  '"\\ud800"',
  '"\\udfff\\ud800"',
  '"\\u0000"',
  '"a\\u0000b"',
].map((text) => new RawJson(text));

const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    -1,
    -0.01,
    0.001,
    0.005,
    0.009,
    1.005,
    10.004,
    1e-7,
    1e21,
    1e308,
    -1e308,
    2 ** 31,
    2 ** 31 - 1,
    2 ** 53,
    2 ** 53 + 2,
    -(2 ** 53),
    Number.MAX_VALUE,
    Number.MIN_VALUE,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }).map((cents) => cents / 1000),
);

const payloadStrings = [
  '<script>window.__pwned=1</script>',
  '"><img src=x onerror="window.__pwned=1">',
  "'; drop table orders; --",
  "' OR '1'='1",
  '=HYPERLINK("http://evil.example","x")',
  '+SUM(1,1)',
  '-2+3',
  '@SUM(1)',
  '\t=1',
  '\r=1',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection payload, on purpose
  '${7*7}{{7*7}}',
  '../../../../etc/passwd',
  '%00',
  '%zz',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff\ud800',
  '\u202eevil\u202c',
  '\ufeff',
  'e\u0301\u0301\u0301',
  '👩‍👩‍👧‍👦',
  '𝕏'.repeat(300),
  ' ',
  '',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '1e400',
  '0x10',
  '__proto__',
  'constructor',
  'toString',
  'a'.repeat(100_000),
  'x@y',
  'a@b.c'.padStart(300, 'a'),
];

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...payloadStrings) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 64 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 64 }) },
  { weight: 1, arbitrary: fc.string({ minLength: 300, maxLength: 5_000 }) },
);

/** Any JSON value, shallow, of any type: for a field that expects one particular type. */
const wrongTypeValue: fc.Arbitrary<HostileJson> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  hostileNumber,
  hostileString,
  fc.constant<HostileJson>([]),
  fc.constant<HostileJson>({}),
  fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 8 }), fc.constant(null)), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.integer(), fc.string({ maxLength: 8 })), { maxKeys: 4 }),
);

export const hostileJson: fc.Arbitrary<HostileJson> = fc.oneof(
  { weight: 6, arbitrary: wrongTypeValue },
  { weight: 1, arbitrary: fc.constantFrom(...rawTexts) },
);

/** Keys that would reach Object.prototype if a parser or a merge assigned them naively. */
const POLLUTION_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

export const hostileKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...POLLUTION_KEYS),
  fc.constantFrom('', ' ', 'a.b', 'a[b]', '$where', '\u0000', 'x'.repeat(10_000)),
  fc.string({ maxLength: 16 }),
);

/**
 * Header values Node's HTTP layer would carry (no CR, LF or NUL: those never reach the app and are
 * proved separately on the wire), including Latin-1 bytes, 8 KB values and near-miss tokens.
 */
export const hostileHeaderValue: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    'null',
    '0',
    '-1',
    'Basic',
    'Basic ',
    'Basic !!!',
    'Basic Og==',
    `Basic ${Buffer.from(':').toString('base64')}`,
    `Basic ${Buffer.from('treasurer').toString('base64')}`,
    `Basic ${Buffer.from('treasurer:').toString('base64')}`,
    `Basic ${Buffer.from(`${'a'.repeat(5000)}:${'b'.repeat(2000)}`).toString('base64')}`,
    `Basic ${Buffer.from('\u0000:\u0000').toString('base64')}`,
    `Basic ${Buffer.from([0xc3, 0x28, 0x3a, 0xa0, 0xa1]).toString('base64')}`,
    'Bearer ',
    'Bearer x.y.z',
    'Bearer eyJhbGciOiJub25lIn0.e30.',
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
    '3fa85f64-5717-4562-b3fc-2c963f66afa6 ',
    '{3fa85f64-5717-4562-b3fc-2c963f66afa6}',
    'e30=',
    'eyJjaGFsbGVuZ2UiOnt9fQ==',
    Buffer.from(JSON.stringify({ challenge: {}, solution: {} })).toString('base64'),
    Buffer.from(JSON.stringify({ challenge: { algorithm: 'PBKDF2/SHA-256' }, solution: { counter: -1 } })).toString(
      'base64',
    ),
    'checkout',
    'payment_token',
    'registration',
    'XMLHttpRequest',
    'application/json',
    'text/plain',
    'x'.repeat(8_000),
  ),
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 200 }),
  fc.string({ unit: fc.integer({ min: 0x80, max: 0xff }).map((c) => String.fromCharCode(c)), maxLength: 40 }),
  fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes).toString('base64')),
);

/** Percent-encodes any string; lone surrogates (which have no UTF-8) become U+FFFD first. */
export function percentEncode(text: string): string {
  return encodeURIComponent(
    text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'),
  );
}

/** Query values as they appear in a URL: already percent-encoded, or deliberately broken encodings. */
export const hostileQueryValue: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    '%',
    '%zz',
    '%E0%A4%A',
    '%C0%AF',
    '%00',
    '%FF%FE',
    '%ED%A0%80',
    '-1',
    '0',
    '1.5',
    '1e3',
    '9999999999999999999999',
    'NaN',
    'Infinity',
    '2026-02-30',
    '2026-13-01',
    '0000-00-00',
    '99999-01-01',
    '2026-1-1',
    'yesterday',
    '2026-01-01T00:00:00Z',
    encodeURIComponent('<script>alert(1)</script>'),
    encodeURIComponent("' OR 1=1 --"),
    encodeURIComponent('%'),
    encodeURIComponent('\\'),
    encodeURIComponent('_%_'),
    'a'.repeat(10_000),
  ),
  hostileString.map(percentEncode),
);

export const hostileQueryKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '__proto__',
    '__proto__[polluted]',
    'constructor[prototype][polluted]',
    'a[b][c]',
    'limit[]',
    '%',
    '%zz',
    '',
  ),
  fc.string({ unit: fc.constantFrom(...'abcxyz_[].'.split('')), maxLength: 12 }),
);
