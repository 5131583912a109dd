/**
 * How hard the suite pushes. `npm test` (CI) runs with the defaults, sized so the whole CI stays
 * well under its time limit; `npm run test:reliability` raises them (thousands of fuzz cases per
 * endpoint part, more crashes). Every figure the suite reports says which scale produced it.
 *
 *   RELIABILITY_RUNS      fuzz cases per endpoint and per part (body, query, headers)
 *   RELIABILITY_CRASHES   SIGKILLs of the server during the checkout load, per database
 *   RELIABILITY_SEED      replays a fast-check failure (the seed is printed with every counterexample)
 */

function positiveInteger(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`${name} must be a positive whole number`);
  return value;
}

export const FUZZ_RUNS = positiveInteger('RELIABILITY_RUNS', 60);
export const CRASHES = positiveInteger('RELIABILITY_CRASHES', 1);

const seed = process.env.RELIABILITY_SEED;
export const FUZZ_SEED: number | undefined = seed === undefined || seed === '' ? undefined : Number(seed);

/** Which database this run is on: the vitest project sets TEST_DB. */
export const DATABASE_KIND: 'pglite' | 'postgres' = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
