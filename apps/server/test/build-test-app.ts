/**
 * The whole app on a fresh test database, for API tests:
 *
 *   const t = await buildTestApp();                 // beforeAll
 *   const res = await t.app.inject({ url: '/api/public/catalogue' });
 *   await t.close();                                // afterAll
 *
 * Environment defaults keep tests offline and quiet (no captcha, sandbox gateway, silent logs, no
 * web build); pass `env` to change them, `site` to use another catalogue, `extend` to add routes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Site } from '@store/shared/site';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { loadSite } from '../src/site/load-site';
import { createTestDb, type TestDb } from './test-db';

export type TestApp = { app: FastifyInstance; config: Config; site: Site; testDb: TestDb; close: () => Promise<void> };

export const TEST_SESSION_SECRET = 'test-session-secret-0123456789abcdef';

export type BuildTestAppOptions = {
  env?: Record<string, string>;
  site?: Site;
  /** Defaults to a silent logger. */
  logger?: FastifyBaseLogger;
  /** Runs before `ready()`: register extra routes a test needs (e.g. one that throws). */
  extend?: (app: FastifyInstance) => void | Promise<void>;
};

export async function buildTestApp(options: BuildTestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'store-test-'));
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
  let testDb: TestDb | undefined;
  try {
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      CAPTCHA_PROVIDER: 'off',
      SESSION_SECRET: TEST_SESSION_SECRET,
      WEB_DIST: join(dataDir, 'no-web-build'),
      ...options.env,
    });
    const site = options.site ?? loadSite(config.siteConfigPath);
    const db = await createTestDb();
    testDb = db;
    const app = await buildApp({
      config,
      db: db.db,
      site,
      secrets: { session: TEST_SESSION_SECRET },
      ...(options.logger ? { logger: options.logger } : {}),
    });
    await options.extend?.(app);
    await app.ready();
    return {
      app,
      config,
      site,
      testDb: db,
      close: async () => {
        try {
          await app.close();
          await db.close();
        } finally {
          removeDataDir();
        }
      },
    };
  } catch (error) {
    // A half-built app leaves nothing behind: no temp directory, no test database.
    await testDb?.close();
    removeDataDir();
    throw error;
  }
}
