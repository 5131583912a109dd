/**
 * One test runner for everything `npm test` runs (through test/run-suite.ts: e2e in a Vitest process
 * of its own beside the rest). Projects, and how docs/testing.md says to place a new test:
 *  shared          unit tests of the shared rules
 *  repo            the repository's own rules (import layers, the suite's own checks), on trees made for them
 *  server          server tests that open no database: run once
 *  server-pglite   server tests that open a database, on an embedded PGlite
 *  server-postgres the same files on a real PostgreSQL server started by test/postgres-global-setup.ts
 *  web / web-mocks component tests (jsdom + Testing Library); files that vi.mock a module run isolated
 *  e2e             Playwright (playwright-core) driving Debian's Chromium against the built app
 *  reliability-pglite / reliability-postgres
 *                  the system-level claims of RELIABILITY.md (hostile input, crashes, races, abuse,
 *                  browser safety, shutdown), once per database, against the built server; after
 *                  every other project, two files at a time, because they start servers and kill
 *                  them. RELIABILITY_RUNS and RELIABILITY_CRASHES scale them up (npm run test:reliability).
 *  e2e-reliability
 *                  reliability files run on PGlite in the e2e process: those that drive Chromium,
 *                  and the two longest of the others (the endpoint fuzz, the duplicate races).
 */

import { join } from 'node:path';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import webConfig from './apps/web/vite.config';
import { MOCKS_A_MODULE, OPENS_A_DATABASE, splitTestFiles } from './test/suite/split-test-files';

// Server test files that open a database run on both; the others once. Web test files that mock a
// module run isolated; the others share their worker's modules (test/suite/split-test-files.ts).
const server = splitTestFiles(import.meta.dirname, 'apps/server/src', /\.test\.ts$/, OPENS_A_DATABASE);
const web = splitTestFiles(join(import.meta.dirname, 'apps/web'), 'src', /\.test\.tsx?$/, MOCKS_A_MODULE);

/**
 * A project of the web's own Vitest settings (apps/web/vite.config.ts) over some of its files. Not
 * `extends`: that would add these files to the web config's `include`, which already takes them all.
 */
function webProject(test: { name: string; include: string[]; isolate?: boolean }): TestProjectInlineConfiguration {
  return { plugins: webConfig.plugins, test: { ...webConfig.test, ...test, root: 'apps/web', ...timeouts } };
}

// Generous limits: on a loaded 2-core machine a test that opens a database can take seconds.
// Speed is measured in benchmarks (npm run bench), never by timing tests.
const timeouts = { testTimeout: 30_000, hookTimeout: 60_000 };

// After every other project (groupOrder), two files at a time across both databases: each file
// starts server processes (and kills some), so more would only fight over the 2 cores.
const reliability = {
  include: ['reliability/**/*.test.ts'],
  exclude: [] as string[],
  environment: 'node',
  testTimeout: 120_000,
  hookTimeout: 120_000,
  maxWorkers: 2,
  sequence: { groupOrder: 1 },
};

// The reliability files that drive Chromium, on PGlite: they run in the e2e process
// (test/run-suite.ts), one at a time after the e2e files, where a core is free while the other
// process is still busy, instead of adding their minute and a half to it.
const browserReliability = [
  'reliability/browser-safety/**/*.test.ts',
  'reliability/monthly-giving/billing-after-chromium.test.ts',
];

// The PGlite runs of the longest other reliability files go there too, so that the two processes end
// together (decision 0030): the endpoint fuzz and the duplicate races (about 100 s of worker time),
// then the event's capacity race and offer-expiry crash (about 37 s: with them the other process ran
// 664 s against 649 s here, 68 s of which were a failing file's timeouts), and the checkout crash
// (about 30 s: the door's and the certificates' tests added some 25 s of wall time to the other
// process, which then ended 40 s after this one), and the refund crash (about 17 s: the currencies'
// tests left the other process 30 s behind this one). Their PostgreSQL runs stay in reliability-postgres.
const balancedToE2eProcess = [
  'reliability/fuzz/endpoints.test.ts',
  'reliability/races/duplicates.test.ts',
  'reliability/races/event-places.test.ts',
  'reliability/crash/offer-expiry-under-sigkill.test.ts',
  'reliability/crash/checkouts-under-sigkill.test.ts',
  'reliability/crash/refunds-under-sigkill.test.ts',
];
const inE2eProcess = [...browserReliability, ...balancedToE2eProcess];

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
      { test: { name: 'server', include: server.unmarked, environment: 'node', isolate: false, ...timeouts } },
      {
        test: {
          name: 'server-pglite',
          include: server.marked,
          environment: 'node',
          env: { TEST_DB: 'pglite' },
          isolate: false,
          ...timeouts,
        },
      },
      {
        test: {
          name: 'server-postgres',
          include: server.marked,
          environment: 'node',
          env: { TEST_DB: 'postgres' },
          isolate: false,
          ...timeouts,
          globalSetup: ['test/postgres-global-setup.ts'],
        },
      },
      // Isolation off: each file no longer pays for a fresh jsdom and module graph (70 s → 30 s of wall
      // time for the project alone); src/test/setup.ts empties the DOM, storage, toasts and mocks after every test.
      webProject({ name: 'web', include: web.unmarked, isolate: false }),
      webProject({ name: 'web-mocks', include: web.marked }),
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
      {
        test: { name: 'reliability-pglite', ...reliability, exclude: inE2eProcess, env: { TEST_DB: 'pglite' } },
      },
      {
        test: {
          name: 'e2e-reliability',
          include: inE2eProcess,
          environment: 'node',
          // One Chromium for the files that drive one, as e2e has (each started its own: four starts).
          globalSetup: ['reliability/support/chromium-global-setup.ts'],
          testTimeout: reliability.testTimeout,
          hookTimeout: reliability.hookTimeout,
          fileParallelism: false,
          env: { TEST_DB: 'pglite' },
        },
      },
      {
        test: {
          name: 'reliability-postgres',
          ...reliability,
          // Run once, on the PGlite the site embeds: what these prove is the same whatever the
          // database (the dependency audit; the browser's view: headers, CSP, inert payloads, CSV
          // cells; raw bytes on the socket). The statement check proves that the SQL they send
          // runs on PostgreSQL in other tests.
          exclude: ['reliability/dependencies/**', 'reliability/browser-safety/**', 'reliability/fuzz/wire.test.ts'],
          env: { TEST_DB: 'postgres' },
          globalSetup: ['test/postgres-global-setup.ts'],
        },
      },
    ],
  },
});
