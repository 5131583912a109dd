/**
 * Hostile query strings and header sets made from a valid request's own: values replaced by
 * broken encodings and edge values, parameters and headers repeated, removed or added.
 */
import fc from 'fast-check';
import { hostileHeaderValue, hostileQueryKey, hostileQueryValue } from './hostile-values';

type QueryCase = { description: string; search: string };
type HeaderCase = { description: string; headers: Record<string, string | string[]> };

type QueryPair = [key: string, value: string];

/** What an endpoint's query accepts, so mutations hit real parameters as well as invented ones. */
export function hostileQuery(base: Record<string, string>, knownKeys: readonly string[]): fc.Arbitrary<QueryCase> {
  const keys = [...new Set([...Object.keys(base), ...knownKeys])];
  const key: fc.Arbitrary<string> =
    keys.length > 0
      ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...keys) }, { weight: 1, arbitrary: hostileQueryKey })
      : hostileQueryKey;
  const edit = fc.oneof(
    fc.record({ kind: fc.constant('set' as const), key, value: hostileQueryValue }),
    fc.record({ kind: fc.constant('repeat' as const), key, value: hostileQueryValue }),
    fc.record({ kind: fc.constant('remove' as const), key }),
    fc.record({ kind: fc.constant('bare' as const), key }),
  );
  const edited = fc.array(edit, { minLength: 1, maxLength: 4 }).map((edits) => {
    let pairs: QueryPair[] = Object.entries(base).map(([k, v]) => [encodeURIComponent(k), encodeURIComponent(v)]);
    const bare: string[] = [];
    for (const e of edits) {
      if (e.kind === 'set') pairs = [...pairs.filter(([k]) => k !== e.key), [e.key, e.value]];
      else if (e.kind === 'repeat') pairs.push([e.key, e.value]);
      else if (e.kind === 'remove') pairs = pairs.filter(([k]) => k !== e.key);
      else bare.push(e.key);
    }
    return {
      description: edits
        .map((e) => `${e.kind} ${e.key.slice(0, 30)}${'value' in e ? `=${e.value.slice(0, 30)}` : ''}`)
        .join('; '),
      search: [...pairs.map(([k, v]) => `${k}=${v}`), ...bare].join('&'),
    };
  });
  const garbage = fc
    .constantFrom('&&&', '=', '==', 'a=1&a', '?', '%', '&=&=', ';', '#', '[]=1', 'a[]=1&a[]=2', '%26%3D')
    .map((search) => ({ description: `raw ${search}`, search }));
  return fc.oneof({ weight: 5, arbitrary: edited }, { weight: 1, arbitrary: garbage });
}

/** Headers every endpoint may meet, whatever it reads itself. */
const COMMON_HEADERS = [
  'authorization',
  'content-type',
  'content-encoding',
  'accept',
  'accept-encoding',
  'accept-language',
  'cookie',
  'origin',
  'referer',
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-forwarded-host',
  'x-real-ip',
  'x-request-id',
  'x-requested-with',
  'x-http-method-override',
  'if-none-match',
  'if-modified-since',
  'range',
  'user-agent',
] as const;

const headerName = fc.stringMatching(/^[a-z][a-z0-9-]{0,24}$/);

export function hostileHeaders(
  base: Record<string, string>,
  relevant: readonly string[] = [],
): fc.Arbitrary<HeaderCase> {
  const names = [...new Set([...Object.keys(base), ...relevant])];
  const name: fc.Arbitrary<string> = fc.oneof(
    ...(names.length > 0 ? [{ weight: 4, arbitrary: fc.constantFrom(...names) }] : []),
    { weight: 2, arbitrary: fc.constantFrom(...COMMON_HEADERS) },
    { weight: 1, arbitrary: headerName },
  );
  const edit = fc.oneof(
    { weight: 4, arbitrary: fc.record({ kind: fc.constant('set' as const), name, value: hostileHeaderValue }) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('twice' as const),
        name,
        value: fc.tuple(hostileHeaderValue, hostileHeaderValue),
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('remove' as const), name }) },
  );
  return fc.array(edit, { minLength: 1, maxLength: 4 }).map((edits) => {
    const headers: Record<string, string | string[]> = { ...base };
    for (const e of edits) {
      if (e.kind === 'remove') delete headers[e.name];
      else headers[e.name] = e.kind === 'twice' ? [...e.value] : e.value;
    }
    return {
      description: edits
        .map((e) => `${e.kind} ${e.name}${'value' in e ? `=${JSON.stringify(e.value).slice(0, 40)}` : ''}`)
        .join('; '),
      headers,
    };
  });
}
