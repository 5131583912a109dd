/**
 * Vitest global set-up for the `*-postgres` projects: starts a throw-away PostgreSQL 15 server
 * in a temp directory on a free loopback port and hands its URL to the tests via `provide`.
 * PostgreSQL refuses to run as root, so as root it runs as the `postgres` user (runuser).
 * Where initdb is missing the runs are skipped with a loud line, never silently.
 *
 * It also migrates one template database: each test file's database is a copy of it (`create
 * database … template …`, tens of milliseconds) instead of running every migration again.
 */
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../apps/server/src/db/client';
import { migrateDatabase } from '../apps/server/src/db/migrate';
import { adminQuery, withDatabase } from '../apps/server/test/postgres-admin';
import { startThrowawayPostgres } from './start-postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
    /** A migrated database that test databases are created from; '' for none. */
    postgresTemplate: string;
  }
}

/** Creates and migrates the template; answers a function that drops it. */
async function migratedTemplate(adminUrl: string, name: string): Promise<() => Promise<void>> {
  await adminQuery(adminUrl, `create database ${name}`);
  // Closed before any copy is made: PostgreSQL copies a template only while nobody is connected to it.
  const connection = await openDatabase({ kind: 'postgres', url: withDatabase(adminUrl, name) });
  try {
    await migrateDatabase(connection);
  } finally {
    await connection.close();
  }
  return () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const existing = process.env.TEST_POSTGRES_URL;
  const server = existing ? undefined : await startThrowawayPostgres();
  const url = existing ?? server?.url;
  if (!url) {
    console.warn('\n!!! PostgreSQL (initdb/pg_ctl) not found: the PostgreSQL test runs are SKIPPED !!!\n');
    project.provide('postgresUrl', '');
    project.provide('postgresTemplate', '');
    return undefined;
  }
  const template = `test_template_${randomBytes(4).toString('hex')}`;
  let dropTemplate: () => Promise<void>;
  try {
    dropTemplate = await migratedTemplate(url, template);
  } catch (error) {
    server?.stop();
    throw error;
  }
  project.provide('postgresUrl', url);
  project.provide('postgresTemplate', template);
  return async () => {
    try {
      await dropTemplate();
    } finally {
      server?.stop();
    }
  };
}
