/**
 * deploy/postgres-roles.sql on the suite's real PostgreSQL, as compose.yml's PostgreSQL runs it: a
 * new database, the two roles, the migrate step as the owner (MIGRATE_DATABASE_URL), then the store
 * as the app role (DATABASE_URL). The app role serves the site (a registration, a checkout, an
 * account, a staff change and its audit line) and can do nothing else: no TRUNCATE, no DROP TRIGGER,
 * no ALTER TABLE, no UPDATE or DELETE of the audit log. PostgreSQL only: PGlite has one user.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type DbConnection, openDatabase } from '#src/db/client';
import { statementLogEnv } from '#src/db/statement-log';
import { logIn, registerAccount } from '../../test/auth-helpers';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { checkoutBody, postCheckout, sandboxNonce } from '../../test/checkout-helpers';
import { createSession } from '../../test/event-session-helpers';
import { adminQuery, withDatabase } from '../../test/postgres-admin';
import { applyRolesSql, newRoles, psqlFound } from '../../test/postgres-roles';
import { adultRegistrant, postRegistration } from '../../test/registration-helpers';
import { STAFF_PASSWORD, signInStaff, staffCall } from '../../test/staff-helpers';
import { postgresMissing, usingPostgres } from '../../test/test-db';

const MAIN = join(import.meta.dirname, '../main.ts');

const withPsql = usingPostgres && psqlFound();
if (usingPostgres && !postgresMissing && !withPsql) {
  console.warn('\n!!! psql not found: deploy/postgres-roles.sql is NOT tested !!!\n');
}

/** One statement as `url`'s user on a connection of its own; the error's SQLSTATE, or 'ok'. */
async function tryAs(url: string, text: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
    return 'ok';
  } catch (error) {
    return error instanceof Error && 'code' in error ? String(error.code) : String(error);
  } finally {
    await client.end();
  }
}

async function auditLines(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return Number((await client.query<{ n: string }>('select count(*) as n from audit_log')).rows[0]?.n);
  } finally {
    await client.end();
  }
}

type Run = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

function runMain(env: Record<string, string>, args: string[] = []): Run {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, ...args], {
    env: { PATH: process.env.PATH ?? '', ...statementLogEnv(), LOG_LEVEL: 'info', CAPTCHA_PROVIDER: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

describe.skipIf(!withPsql || postgresMissing)('PostgreSQL roles: a migrate owner and an app role', () => {
  const suffix = randomBytes(4).toString('hex');
  const database = `roles_${suffix}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'roles-test-'));
  let adminUrl: string;
  let roles: ReturnType<typeof newRoles>;
  let migrateUrl: string;
  let appUrl: string;
  let appConnection: DbConnection | undefined;
  let t: TestApp | undefined;

  beforeAll(async () => {
    adminUrl = inject('postgresUrl');
    await adminQuery(adminUrl, `create database ${database}`);
    roles = newRoles(withDatabase(adminUrl, database), suffix);
    ({ migrateUrl, appUrl } = roles);
  });

  afterAll(async () => {
    await t?.close();
    await appConnection?.close();
    await adminQuery(adminUrl, `drop database if exists ${database} with (force)`);
    await adminQuery(adminUrl, `drop role if exists ${roles.appRole}`);
    await adminQuery(adminUrl, `drop role if exists ${roles.migrateRole}`);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('sets up the roles on a new database, and again without harm', () => {
    applyRolesSql(withDatabase(adminUrl, database), roles);
    applyRolesSql(withDatabase(adminUrl, database), roles);
  });

  it('migrates as the owner with `migrate` given both URLs; the app role owns nothing', async () => {
    const run = runMain({ DATA_DIR: dataDir, DATABASE_URL: appUrl, MIGRATE_DATABASE_URL: migrateUrl }, ['migrate']);
    expect(await run.exited, run.output()).toBe(0);
    expect(run.output()).toContain('migrations applied');
    const client = new pg.Client({ connectionString: migrateUrl });
    await client.connect();
    try {
      const owners = await client.query<{ owner: string }>(
        "select distinct tableowner as owner from pg_tables where schemaname in ('public', 'drizzle')",
      );
      expect(owners.rows.map((row) => row.owner)).toEqual([roles.migrateRole]);
    } finally {
      await client.end();
    }
  });

  it('starts the store as the app role, migrations already applied, and serves it', async () => {
    const run = runMain({ DATA_DIR: dataDir, DATABASE_URL: appUrl, MIGRATE_DATABASE_URL: migrateUrl, PORT: '0' });
    try {
      const deadline = Date.now() + 60_000;
      let url: string | undefined;
      while (url === undefined && Date.now() < deadline && run.child.exitCode === null) {
        url = /donation store ready at (http:\/\/[\d.:]+)/.exec(run.output())?.[1];
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(url, run.output()).toBeDefined();
      expect((await fetch(`${url}/healthz/ready`)).status).toBe(200);
      expect((await fetch(`${url}/api/public/catalogue`)).status).toBe(200);
    } finally {
      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
    }
  });

  it('serves a registration, a checkout, an account and a staff change as the app role', async () => {
    const connection = await openDatabase({ kind: 'postgres', url: appUrl });
    appConnection = connection;
    t = await buildTestApp({
      sharedDb: { db: connection.db, connection, url: appUrl, close: async () => undefined },
    });
    const app = t.app;
    const { id: sessionId } = await createSession(connection.db);
    expect((await postRegistration(app, { body: { sessionId, registrants: [adultRegistrant()] } })).statusCode).toBe(
      201,
    );
    expect((await postCheckout(app, { body: checkoutBody(await sandboxNonce(app)) })).statusCode).toBe(200);
    expect((await registerAccount(app, { email: 'roles@example.org' })).statusCode).toBe(201);
    expect((await logIn(app, { email: 'roles@example.org', password: 'correct horse battery' })).statusCode).toBe(200);
    const owner = await signInStaff(t, 'owner');
    const lines = await auditLines(appUrl);
    const added = await staffCall(app, owner, 'POST', '/api/staff/members', {
      username: `treasurer-${suffix}`,
      password: STAFF_PASSWORD,
      role: 'treasurer',
    });
    expect(added.statusCode).toBe(201);
    // The app role appends to the audit log.
    expect(await auditLines(appUrl)).toBe(lines + 1);
  });

  it('refuses the app role TRUNCATE, DROP TRIGGER, ALTER TABLE, UPDATE and DELETE of the audit log', async () => {
    const lines = await auditLines(appUrl);
    expect(lines).toBeGreaterThan(0);
    const denied = '42501'; // insufficient_privilege: not the owner, or no such right
    for (const statement of [
      'truncate audit_log',
      'truncate orders',
      'drop trigger audit_log_no_change on audit_log',
      'drop trigger audit_log_no_truncate on audit_log',
      'alter table audit_log disable trigger all',
      'alter table orders add column note text',
      'update audit_log set action = action',
      'delete from audit_log',
      'drop table audit_log',
      'create table public.extra (id int)',
    ]) {
      expect(await tryAs(appUrl, statement), statement).toBe(denied);
    }
    // Not merely refused by the triggers: the app role holds no right on the audit log but these two.
    const client = new pg.Client({ connectionString: appUrl });
    await client.connect();
    try {
      const rights = await client.query<{ privilege_type: string }>(
        "select privilege_type from information_schema.role_table_grants where table_name = 'audit_log' and grantee = current_user order by 1",
      );
      expect(rights.rows.map((row) => row.privilege_type)).toEqual(['INSERT', 'SELECT']);
    } finally {
      await client.end();
    }
    // The owner may alter its schema, but the trigger refuses it TRUNCATE too.
    expect(await tryAs(migrateUrl, 'truncate audit_log')).toBe(denied);
    expect(await auditLines(appUrl)).toBe(lines);
  });
});
