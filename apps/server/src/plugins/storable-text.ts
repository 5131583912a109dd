/**
 * Text the database cannot store is refused before any route sees it: PostgreSQL's text has no
 * U+0000 (the query fails, which was a 500), and a lone UTF-16 surrogate has no UTF-8 form (in a
 * text column it silently became U+FFFD, so the donor's name was not what they sent; in a jsonb
 * one, an audit line's copy of the request, PostgreSQL refuses its escape: a 500 again).
 *
 * One hook on the root instance, not a refinement in each zod schema: it covers every route
 * (a schema written later, a `z.record`, a route with no schema at all), query strings and URL
 * parameters as well as bodies, and it walks the parsed value itself, so the field path it names
 * (`customerDetails.cardLastName`, `registrants.0.city`) is the one the validation errors use.
 * Headers need no check: Node's HTTP parser refuses a NUL there, and their bytes are read as Latin-1.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '#src/errors/app-error';

const NUL_MESSAGE = 'must not contain NUL characters';
const SURROGATE_MESSAGE = 'must be valid Unicode text (it has an unpaired surrogate character)';
const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** Enough to show what to fix; a body full of them is not worth a longer answer. */
const MAX_FIELDS = 10;

function problemWith(text: string): string | undefined {
  if (text.includes('\u0000')) return NUL_MESSAGE;
  if (UNPAIRED_SURROGATE.test(text)) return SURROGATE_MESSAGE;
  return undefined;
}

type Pending = { value: unknown; path: string };

function join(path: string, step: string): string {
  return path === '' ? step : `${path}.${step}`;
}

/**
 * Field path -> problem for every string (value or key) the database cannot store. A loop with its
 * own stack, not recursion: a hostile body may nest 20,000 levels deep.
 */
export function unstorableText(value: unknown): Record<string, string> {
  const found: Record<string, string> = {};
  let count = 0;
  const stack: Pending[] = [{ value, path: '' }];
  while (count < MAX_FIELDS) {
    const next = stack.pop();
    if (!next) break;
    const { value: node, path } = next;
    const children: Pending[] = [];
    if (typeof node === 'string') {
      const problem = problemWith(node);
      if (problem) {
        found[path] = problem;
        count += 1;
      }
    } else if (Array.isArray(node)) {
      node.forEach((item: unknown, i) => {
        children.push({ value: item, path: join(path, String(i)) });
      });
    } else if (typeof node === 'object' && node !== null && !Buffer.isBuffer(node)) {
      for (const [key, item] of Object.entries(node)) {
        const keyProblem = problemWith(key);
        if (keyProblem) {
          found[join(path, JSON.stringify(key))] = `the name of this field ${keyProblem}`;
          count += 1;
        }
        children.push({ value: item, path: join(path, key) });
      }
    }
    // Reversed onto the stack, so fields are named in the order they were sent. A loop, not a
    // spread: 100,000 array items as call arguments would overflow the call stack.
    for (let i = children.length - 1; i >= 0; i -= 1) {
      const child = children[i];
      if (child) stack.push(child);
    }
  }
  return found;
}

const PARTS = [
  ['body', 'request body'],
  ['query', 'query string'],
  ['params', 'URL parameters'],
] as const;

function refuseUnstorableText(request: FastifyRequest): void {
  for (const [part, label] of PARTS) {
    const fields = unstorableText(request[part]);
    const entries = Object.entries(fields).map(([path, message]) => [path === '' ? part : path, message]);
    if (entries.length === 0) continue;
    const list = entries.map(([path, message]) => `${path}: ${message}`).join('; ');
    throw new AppError('validation_error', `Invalid ${label}: ${list}`, { fields: Object.fromEntries(entries) });
  }
}

/** On the root instance before the modules, so every route inherits it. */
export function installStorableTextCheck(app: FastifyInstance): void {
  // preValidation: after the body is parsed, before any schema or handler reads it.
  app.addHook('preValidation', async (request) => refuseUnstorableText(request));
}
