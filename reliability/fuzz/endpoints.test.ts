/**
 * Hostile input, endpoint by endpoint (issue 7): thousands of generated requests per endpoint and
 * part (body, query, headers, path) against the whole app on this run's database. Each must be
 * answered within 10 s, never with a 5xx, with a 4xx carrying the API's error body (or a status the
 * endpoint's entry allows), and leave every table as it was. Object.prototype must stay clean.
 */
import { apiErrorSchema } from '@store/shared/api-error';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithDb } from '../../apps/server/test/test-db';
import { changedTables, type DbFingerprint, fingerprint } from '../support/db-fingerprint';
import { recordFigures } from '../support/figures';
import { FUZZ_RUNS, FUZZ_SEED } from '../support/scale';
import { endpointName, FUZZ_ENDPOINTS, type FuzzEndpoint } from './endpoints';
import type { FuzzPart, FuzzRequest, PartArbitrary } from './fuzz-request';
import { buildFuzzTarget, type FuzzTarget } from './fuzz-target';

const HANG_MS = 10_000;

/** `sweep`: of the cases, the fixed ones (every string field of the route's schema). */
type PartFigures = { cases: number; sweep: number; statuses: Record<string, number> };

function withinTime<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${HANG_MS} ms: ${what}`)), HANG_MS);
  });
  return Promise.race([promise, hang]).finally(() => clearTimeout(timer));
}

/** What is wrong with this answer to a hostile request, or undefined. */
function problemWith(endpoint: FuzzEndpoint, request: FuzzRequest, res: LightMyRequestResponse): string | undefined {
  const status = res.statusCode;
  if (status >= 500) return `answered ${status}: ${res.body.slice(0, 300)}`;
  const clientError = status >= 400 && status < 500;
  if (!clientError && !endpoint.alsoAllowed.includes(status)) return `answered ${status}, expected a 4xx`;
  // A HEAD answer has no body to check.
  if (clientError && endpoint.apiErrors && request.method !== 'HEAD') {
    let body: unknown;
    try {
      body = res.json();
    } catch {
      return `answered ${status} without a JSON error body: ${res.body.slice(0, 200)}`;
    }
    if (!apiErrorSchema.safeParse(body).success) return `answered ${status} with ${res.body.slice(0, 200)}`;
  }
  // Nothing outside the web build is ever served (path traversal).
  if (/root:.*:0:0:|"name":\s*"donation-store"|PRIVATE KEY/.test(res.body))
    return 'served a file from outside the web build';
  return undefined;
}

const PROTOTYPE_KEYS = Object.getOwnPropertyNames(Object.prototype);

describeWithDb('hostile input to every public endpoint', () => {
  let target: FuzzTarget;
  const figures: Record<string, Partial<Record<FuzzPart, PartFigures>>> = {};
  const pending: string[] = [];
  /**
   * The previous test's closing fingerprint, which is this test's opening one: the tests run one
   * after the other and nothing writes between them, so it is not taken twice (about 80 ms each on
   * PGlite, ~190 times a run). A write between two tests would show up as this test's change (a
   * false alarm, never a miss). Cleared when a test fails before taking its own.
   */
  let carried: DbFingerprint | undefined;

  beforeAll(async () => {
    target = await buildFuzzTarget();
  });

  afterAll(async () => {
    await target?.t.close();
    const cases = Object.values(figures).flatMap((parts) => Object.values(parts).map((p) => p.cases));
    recordFigures('fuzz-endpoints', {
      runsPerPart: FUZZ_RUNS,
      totalCases: cases.reduce((a, b) => a + b, 0),
      sweepCases: Object.values(figures)
        .flatMap((parts) => Object.values(parts).map((p) => p.sweep))
        .reduce((a, b) => a + b, 0),
      endpoints: figures,
      notYetBuilt: pending,
    });
    if (pending.length > 0) {
      console.warn(`\n!!! FUZZ: NO ROUTE YET FOR ${pending.join(', ')}: those entries were SKIPPED !!!\n`);
    }
  });

  for (const endpoint of FUZZ_ENDPOINTS) {
    for (const [part, makeCases] of Object.entries(endpoint.parts) as [FuzzPart, PartArbitrary][]) {
      const name = `${endpointName(endpoint)} — hostile ${part}`;
      it(
        name,
        async (context) => {
          // Only the prefix entries (path fuzz) have no route of their own.
          if (
            part !== 'path' &&
            !target.app.hasRoute({ method: endpoint.method, url: endpoint.route ?? endpoint.path })
          ) {
            pending.push(endpointName(endpoint));
            console.warn(`\n!!! FUZZ SKIPPED: ${endpointName(endpoint)} has no route on this server yet !!!\n`);
            context.skip();
            return;
          }
          const db = target.t.testDb.db;
          const before = carried ?? (await fingerprint(db));
          carried = undefined;
          const statuses: Record<string, number> = {};
          let cases = 0;
          const { arbitrary, examples } = makeCases(target);
          await fc.assert(
            fc.asyncProperty(arbitrary, async (request: FuzzRequest) => {
              const res = await withinTime(
                target.app.inject({
                  method: request.method,
                  url: request.url,
                  headers: request.headers,
                  remoteAddress: request.remoteAddress,
                  ...(request.payload ? { payload: request.payload } : {}),
                }),
                request.description,
              );
              cases += 1;
              statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
              const problem = problemWith(endpoint, request, res);
              if (problem) {
                const logged =
                  res.statusCode >= 500 ? `\n  server log: ${target.serverErrors.at(-1)?.slice(0, 2000)}` : '';
                throw new Error(`${problem}\n  request: ${request.description}${logged}`);
              }
            }),
            {
              // The sweep of every string field of the route's schema, sent first on every run. fast-check
              // counts examples within numRuns: added to it, so the random cases stay FUZZ_RUNS.
              numRuns: FUZZ_RUNS + examples.length,
              examples: examples.map((request): [FuzzRequest] => [request]),
              ...(FUZZ_SEED === undefined ? {} : { seed: FUZZ_SEED }),
            },
          );
          const after = await fingerprint(db);
          carried = after;
          expect(changedTables(before, after, endpoint.writes), 'tables changed by refused requests').toEqual([]);
          expect(Object.getOwnPropertyNames(Object.prototype)).toEqual(PROTOTYPE_KEYS);
          expect('polluted' in {}).toBe(false);
          figures[endpointName(endpoint)] = {
            ...figures[endpointName(endpoint)],
            [part]: { cases, sweep: examples.length, statuses },
          };
        },
        120_000 + FUZZ_RUNS * 150,
      );
    }
  }
});
