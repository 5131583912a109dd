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
import { buildApp } from '#src/app';
import type { AppContext } from '#src/app-context';
import { type Config, loadConfig } from '#src/config';
import { openDatabase } from '#src/db/client';
import type { AppSecrets } from '#src/db/secrets';
import type { MailNotifier } from '#src/modules/mail/worker';
import { createMetrics } from '#src/modules/metrics/create-metrics';
import { createGateway } from '#src/modules/payments/create-gateway';
import type { PaymentGateway } from '#src/modules/payments/gateway';
import { createSiteContentStore } from '#src/modules/site-content/site-content-store';
import { loadSite } from '#src/site/load-site';
import { createTestDb, type TestDb } from './test-db';

export type TestApp = { app: FastifyInstance; config: Config; site: Site; testDb: TestDb; close: () => Promise<void> };

export const TEST_SESSION_SECRET = 'test-session-secret-0123456789abcdef';
/** The tickets' Ed25519 seed in tests (32 bytes, base64url): codes signed in one test verify in another. */
export const TEST_TICKET_SIGNING_SEED = 'dGVzdC10aWNrZXQtc2lnbmluZy1zZWVkLTMyLWJ5dGU';
export const TEST_SECRETS: AppSecrets = { session: TEST_SESSION_SECRET, ticketSigning: TEST_TICKET_SIGNING_SEED };

export type BuildTestAppOptions = {
  env?: Record<string, string>;
  site?: Site;
  /** Defaults to a silent logger. */
  logger?: FastifyBaseLogger;
  /**
   * Runs before `ready()`: register extra routes a test needs (e.g. one that throws). The context is
   * the one the app's modules got (same database and secrets), e.g. to build a captcha verifier.
   */
  extend?: (app: FastifyInstance, context: AppContext) => void | Promise<void>;
  /**
   * The payment gateway the app uses instead of the one config.payment chooses, made from the app's
   * context (same database and secrets): e.g. a sandbox wrapped to fail, or Braintree on a local fake.
   */
  paymentGateway?: (context: AppContext) => PaymentGateway;
  /** Stands in for the mail worker main.ts runs (AppContext.mail), e.g. to count kicks. */
  mail?: MailNotifier;
  /**
   * Another app's database, as a second server process would share it (issue 21's scale-out tests):
   * on PostgreSQL a connection of its own to the same database, on PGlite (one process) the same
   * one. `close()` leaves that database open for its owner.
   */
  sharedDb?: TestDb;
  /**
   * How long the catalogue answers and pages may reuse a checked content version (RECHECK_MS by
   * default): a long one shows what reads serve when no notification and no check came yet.
   */
  contentRecheckMs?: number;
};

/** A second server process on the same database: its own pool on PostgreSQL. */
async function joinTestDb(shared: TestDb): Promise<TestDb> {
  if (!shared.url) return { ...shared, close: async () => undefined };
  const connection = await openDatabase({ kind: 'postgres', url: shared.url });
  return { db: connection.db, connection, url: shared.url, close: connection.close };
}

const silentLogger = { warn: () => undefined };

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
    const db = options.sharedDb ? await joinTestDb(options.sharedDb) : await createTestDb();
    testDb = db;
    const context: AppContext = {
      config,
      db: db.db,
      site,
      secrets: { ...TEST_SECRETS, ticketSigning: config.ticketSigningKey ?? TEST_TICKET_SIGNING_SEED },
    };
    if (options.paymentGateway) context.paymentGateway = options.paymentGateway(context);
    if (options.mail) context.mail = options.mail;
    if (options.contentRecheckMs !== undefined) {
      context.siteContent = createSiteContentStore({ db: db.db, site, recheckMs: options.contentRecheckMs });
    }
    // METRICS_TOKEN in `env`: metrics as main.ts makes them, the gateway timed.
    if (config.metricsToken) {
      const metrics = createMetrics({ db: db.db, token: config.metricsToken, logger: options.logger ?? silentLogger });
      context.metrics = metrics;
      context.paymentGateway = metrics.instrumentGateway(context.paymentGateway ?? (await createGateway(context)));
    }
    const app = await buildApp({ ...context, ...(options.logger ? { logger: options.logger } : {}) });
    await options.extend?.(app, context);
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
