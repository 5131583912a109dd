/**
 * Vitest global set-up for the `*-postgres` projects: starts a throw-away PostgreSQL 15 server
 * in a temp directory on a free loopback port and hands its URL to the tests via `provide`.
 * PostgreSQL refuses to run as root, so as root it runs as the `postgres` user (runuser).
 * Where initdb is missing the runs are skipped with a loud line, never silently.
 */
import type { TestProject } from 'vitest/node';
import { startThrowawayPostgres } from './start-postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<(() => void) | undefined> {
  const existing = process.env.TEST_POSTGRES_URL;
  if (existing) {
    project.provide('postgresUrl', existing);
    return undefined;
  }
  const server = await startThrowawayPostgres();
  if (!server) {
    console.warn('\n!!! PostgreSQL (initdb/pg_ctl) not found: the PostgreSQL test runs are SKIPPED !!!\n');
    project.provide('postgresUrl', '');
    return undefined;
  }
  project.provide('postgresUrl', server.url);
  return server.stop;
}
