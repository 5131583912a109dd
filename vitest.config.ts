/**
 * One test runner for everything `npm test` runs. Projects:
 *  shared          unit tests of the shared rules
 *  repo            the repository's own rules (import layers), run on trees made for them
 *  server-pglite   API tests on an embedded PGlite database
 *  server-postgres the same API tests on a real PostgreSQL server started by test/postgres-global-setup.ts
 *  web             component tests (jsdom + Testing Library)
 *  e2e             Playwright (playwright-core) driving Debian's Chromium against the built app
 *  reliability-pglite / reliability-postgres
 *                  the system-level claims of RELIABILITY.md (hostile input, crashes, races, abuse,
 *                  browser safety, shutdown), once per database; after every other project, two
 *                  files at a time, because they start servers and kill them. RELIABILITY_RUNS and
 *                  RELIABILITY_CRASHES scale them up (npm run test:reliability).
 */
import { defineConfig } from 'vitest/config';
import { serverTestFiles } from './test/suite/server-test-files';

// Server test files that open a database run on both; the others once (test/suite/server-test-files.ts).
const server = serverTestFiles(import.meta.dirname);

// Generous limits: on a loaded 2-core machine a test that opens a database can take seconds.
// Speed is measured in benchmarks (npm run bench), never by timing tests.
const timeouts = { testTimeout: 30_000, hookTimeout: 60_000 };

// After every other project (groupOrder), two files at a time across both databases: each file
// starts server processes (and kills some), so more would only fight over the 2 cores.
const reliability = {
  include: ['reliability/**/*.test.ts'],
  environment: 'node',
  testTimeout: 120_000,
  hookTimeout: 120_000,
  maxWorkers: 2,
  sequence: { groupOrder: 1 },
};

export default defineConfig({
  test: {
    // Both cores for the first group (Vitest's default is cores minus one: a single worker here).
    // e2e keeps one file at a time (fileParallelism: false), reliability its own two.
    maxWorkers: 2,
    reporters: ['default', './test/reporters/slowest-files.ts'],
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node', ...timeouts } },
      // The repository's own rules (the import layers of .dependency-cruiser.cjs), tested on trees made for them.
      { test: { name: 'repo', include: ['test/**/*.test.ts'], environment: 'node', ...timeouts } },
      { test: { name: 'server', include: server.withoutDatabase, environment: 'node', isolate: false, ...timeouts } },
      {
        test: {
          name: 'server-pglite',
          include: server.withDatabase,
          environment: 'node',
          env: { TEST_DB: 'pglite' },
          isolate: false,
          ...timeouts,
        },
      },
      {
        test: {
          name: 'server-postgres',
          include: server.withDatabase,
          environment: 'node',
          env: { TEST_DB: 'postgres' },
          isolate: false,
          ...timeouts,
          globalSetup: ['test/postgres-global-setup.ts'],
        },
      },
      { extends: 'apps/web/vite.config.ts', test: { name: 'web', root: 'apps/web', ...timeouts } },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      { test: { name: 'reliability-pglite', ...reliability, env: { TEST_DB: 'pglite' } } },
      {
        test: {
          name: 'reliability-postgres',
          ...reliability,
          // The dependency audit is the same whatever the database: run once, in the PGlite project.
          exclude: ['reliability/dependencies/**'],
          env: { TEST_DB: 'postgres' },
          globalSetup: ['test/postgres-global-setup.ts'],
        },
      },
    ],
  },
});
