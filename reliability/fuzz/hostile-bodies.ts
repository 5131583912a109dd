/**
 * Hostile request bodies made from a valid one: 1 to 3 mutations at random places in its JSON tree
 * (a value of the wrong type or at an edge, a key removed, a key added: prototype-pollution keys
 * among them, a key repeated), or the whole body replaced by bytes that are not what they claim
 * (truncated JSON, broken UTF-8, UTF-16, a byte-order mark, 300 KB, nothing), sent with the right
 * or a wrong content type.
 */
import fc from 'fast-check';
import { BODY_LIMIT_BYTES } from '../../apps/server/src/app';
import { type HostileJson, hostileJson, hostileKey, RawJson } from './hostile-values';

type JsonPath = (string | number)[];

type Mutation =
  | { kind: 'replace'; path: JsonPath; value: HostileJson }
  | { kind: 'remove'; path: JsonPath }
  | { kind: 'addKey'; path: JsonPath; key: string; value: HostileJson };

export type BodyCase = {
  /** Short, for counterexamples: what was done to the body. */
  description: string;
  payload: Buffer;
  contentType: string | undefined;
};

function isRecord(value: unknown): value is Record<string, HostileJson> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof RawJson);
}

/** Every node of a JSON value: the root, each key of each object, each element of each array. */
function pathsOf(value: unknown, prefix: JsonPath = []): JsonPath[] {
  const paths: JsonPath[] = [prefix];
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) paths.push(...pathsOf(item, [...prefix, i]));
  } else if (isRecord(value)) {
    for (const [key, item] of Object.entries(value)) paths.push(...pathsOf(item, [...prefix, key]));
  }
  return paths;
}

/** Paths to objects: where a key can be added. */
function objectPaths(value: unknown): JsonPath[] {
  return pathsOf(value).filter((path) => isRecord(nodeAt(value, path)));
}

function nodeAt(value: unknown, path: JsonPath): unknown {
  let node = value;
  for (const step of path) {
    if (Array.isArray(node) && typeof step === 'number') node = node[step];
    else if (isRecord(node) && typeof step === 'string') node = node[step];
    else return undefined;
  }
  return node;
}

/** Sets an own, enumerable property even for `__proto__` (plain assignment would change the prototype). */
function defineKey(target: Record<string, HostileJson>, key: string, value: HostileJson): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** A deep copy: generated values may be shared between cases (fc.constant), and mutations write into them. */
function copy(value: HostileJson): HostileJson {
  if (value instanceof RawJson || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(copy);
  const out: Record<string, HostileJson> = {};
  for (const key of Object.keys(value)) defineKey(out, key, copy(value[key] ?? null));
  return out;
}

function apply(root: HostileJson, mutation: Mutation): HostileJson {
  if (mutation.kind !== 'remove') return applyCopied(root, { ...mutation, value: copy(mutation.value) });
  return applyCopied(root, mutation);
}

function applyCopied(root: HostileJson, mutation: Mutation): HostileJson {
  if (mutation.path.length === 0) {
    if (mutation.kind === 'replace') return mutation.value;
    if (mutation.kind === 'remove') return new RawJson('');
  }
  const parentPath = mutation.kind === 'addKey' ? mutation.path : mutation.path.slice(0, -1);
  const parent = nodeAt(root, parentPath);
  const last = mutation.path[mutation.path.length - 1];
  if (mutation.kind === 'addKey') {
    if (isRecord(parent)) defineKey(parent, mutation.key, mutation.value);
  } else if (Array.isArray(parent) && typeof last === 'number') {
    if (mutation.kind === 'replace') parent[last] = mutation.value;
    else parent.splice(last, 1);
  } else if (isRecord(parent) && typeof last === 'string') {
    if (mutation.kind === 'replace') defineKey(parent, last, mutation.value);
    else delete parent[last];
  }
  return root;
}

/** JSON text, with RawJson pasted verbatim and own `__proto__` keys written like any other key. */
export function serialize(value: HostileJson): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(serialize).join(',')}]`;
  if (isRecord(value)) {
    return `{${Object.keys(value)
      .map((key) => `${JSON.stringify(key)}:${serialize(value[key] ?? null)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function describePath(path: JsonPath): string {
  return path.length === 0 ? '(root)' : path.join('.');
}

function mutationArbitrary(base: HostileJson): fc.Arbitrary<Mutation> {
  const paths = pathsOf(base);
  const objects = objectPaths(base);
  return fc.oneof(
    {
      weight: 5,
      arbitrary: fc.record({
        kind: fc.constant('replace' as const),
        path: fc.constantFrom(...paths),
        value: hostileJson,
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('remove' as const),
        path: fc.constantFrom(...paths.filter((p) => p.length > 0)),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('addKey' as const),
        path: fc.constantFrom(...(objects.length > 0 ? objects : [[]])),
        key: hostileKey,
        value: hostileJson,
      }),
    },
  );
}

function describeMutation(m: Mutation): string {
  if (m.kind === 'remove') return `remove ${describePath(m.path)}`;
  const value =
    m.value instanceof RawJson ? `raw(${m.value.text.slice(0, 20)}…)` : JSON.stringify(m.value)?.slice(0, 40);
  if (m.kind === 'addKey') return `add ${JSON.stringify(m.key.slice(0, 20))} at ${describePath(m.path)} = ${value}`;
  return `set ${describePath(m.path)} = ${value}`;
}

const JSON_TYPE = 'application/json';

const hostileContentType: fc.Arbitrary<string | undefined> = fc.constantFrom(
  undefined,
  'text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/xml',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/json;;;',
  'APPLICATION/JSON',
  'application/merge-patch+json',
  'application/jsonx',
  '*/*',
  '',
);

/** Bodies that are not the JSON they claim to be. */
function rawBodyArbitrary(baseText: string): fc.Arbitrary<BodyCase> {
  const utf8 = Buffer.from(baseText);
  const brokenSequences = [
    [0xc3, 0x28],
    [0xff],
    [0xfe, 0xff],
    [0xed, 0xa0, 0x80],
    [0xf4, 0x90, 0x80, 0x80],
    [0xc0, 0xaf],
    [0x80],
  ];
  const json = (description: string, payload: Buffer): BodyCase => ({ description, payload, contentType: JSON_TYPE });
  return fc.oneof(
    fc.nat({ max: Math.max(0, utf8.length - 1) }).map((cut) => json(`truncated at ${cut}`, utf8.subarray(0, cut))),
    fc
      .tuple(fc.nat({ max: utf8.length }), fc.constantFrom(...brokenSequences))
      .map(([at, bytes]) =>
        json(
          `bytes ${bytes.map((b) => b.toString(16)).join(' ')} at ${at}`,
          Buffer.concat([utf8.subarray(0, at), Buffer.from(bytes), utf8.subarray(at)]),
        ),
      ),
    fc.constant(json('UTF-16LE', Buffer.from(baseText, 'utf16le'))),
    fc.constant(json('byte-order mark', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8]))),
    fc.constant(json('empty', Buffer.alloc(0))),
    fc.constant(json('whitespace', Buffer.from(' \n\t '))),
    fc
      .constantFrom('null', 'true', '0', '"x"', '[]', '[{}]', 'NaN', '{', '}', '{"a":}', "{'a':1}", '{a:1}')
      .map((t) => json(`text ${t}`, Buffer.from(t))),
    fc.constant(
      json(
        'over the body limit',
        Buffer.from(`{"padding":"${'a'.repeat(BODY_LIMIT_BYTES + 1024)}",${baseText.slice(1)}`),
      ),
    ),
    fc.uint8Array({ maxLength: 512 }).map((bytes) => json('random bytes', Buffer.from(bytes))),
  );
}

/** A hostile body made from `base` (a valid body of the endpoint). */
export function hostileBody(base: HostileJson): fc.Arbitrary<BodyCase> {
  const baseText = serialize(base);
  const mutated: fc.Arbitrary<BodyCase> = fc
    .tuple(
      fc.array(mutationArbitrary(base), { minLength: 1, maxLength: 3 }),
      fc.option(fc.tuple(hostileKey, hostileJson), { freq: 6 }),
      fc.oneof(
        { weight: 4, arbitrary: fc.constant<string | undefined>(JSON_TYPE) },
        { weight: 1, arbitrary: hostileContentType },
      ),
    )
    .map(([mutations, repeatedKey, contentType]) => {
      let value: HostileJson = copy(base);
      for (const mutation of mutations) value = apply(value, mutation);
      let text = serialize(value);
      const notes = mutations.map(describeMutation);
      // A key written twice: JSON.parse keeps the last, a careless validator might read the first.
      if (repeatedKey && text.startsWith('{') && text !== '{}') {
        const [key, repeated] = repeatedKey;
        text = `{${JSON.stringify(key)}:${serialize(repeated)},${text.slice(1)}`;
        notes.push(`repeat ${JSON.stringify(key.slice(0, 20))} first`);
      }
      return {
        description: `${notes.join('; ')} as ${contentType ?? 'no type'}`,
        payload: Buffer.from(text),
        contentType,
      };
    });
  return fc.oneof({ weight: 4, arbitrary: mutated }, { weight: 1, arbitrary: rawBodyArbitrary(baseText) });
}
