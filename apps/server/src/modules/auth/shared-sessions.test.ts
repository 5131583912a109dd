/**
 * Sessions live in the database, not in a process: two server instances on one database (as behind a
 * load balancer; on PostgreSQL in the server-postgres run) know each other's sessions and logouts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '#src/app';
import { loadConfig } from '#src/config';
import { loadSite } from '#src/site/load-site';
import { GOOD_PASSWORD, getProfile, logIn, postAuth, registerAccount, sessionToken } from '../../../test/auth-helpers';
import { TEST_SECRETS } from '../../../test/build-test-app';
import { createTestDb, describeWithDb, type TestDb } from '../../../test/test-db';

describeWithDb('auth sessions shared by two server instances', () => {
  let testDb: TestDb;
  let dataDir: string;
  let one: FastifyInstance;
  let two: FastifyInstance;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'store-auth-shared-'));
    testDb = await createTestDb();
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      CAPTCHA_PROVIDER: 'off',
      WEB_DIST: join(dataDir, 'no-web-build'),
    });
    const site = loadSite(config.siteConfigPath);
    const context = { config, db: testDb.db, site, secrets: TEST_SECRETS };
    one = await buildApp(context);
    two = await buildApp(context);
    await Promise.all([one.ready(), two.ready()]);
  });
  afterAll(async () => {
    await Promise.all([one?.close(), two?.close()]);
    await testDb?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a session opened on one instance is known to the other, and so is its end', async () => {
    const registered = sessionToken(await registerAccount(one, { email: 'shared@example.org' }));
    expect((await getProfile(two, registered)).statusCode).toBe(200);

    const login = await logIn(two, { email: 'shared@example.org', password: GOOD_PASSWORD }, { cookie: registered });
    const rotated = sessionToken(login);
    // Rotated on instance two: instance one no longer accepts the old token.
    expect((await getProfile(one, registered)).statusCode).toBe(401);
    expect((await getProfile(one, rotated)).json().user.email).toBe('shared@example.org');

    expect((await postAuth(one, '/logout', undefined, { cookie: rotated })).statusCode).toBe(204);
    expect((await getProfile(two, rotated)).statusCode).toBe(401);
  });
});
