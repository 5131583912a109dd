/**
 * `npm run serve`: read the environment and config/site.json, open and migrate the database,
 * then serve the API and the built web app until SIGTERM / SIGINT.
 */
import type { Site } from '@store/shared/site';
import type { FastifyInstance } from 'fastify';
import { type Config, loadConfig } from './config';
import { type DbConnection, openDatabase } from './db/client';
import { migrateDatabase } from './db/migrate';
import { resolveSecrets } from './db/secrets';
import { createLogger } from './logger';
import { loadSite } from './site/load-site';

/** After this, a stuck shutdown (a hanging request, a database that does not answer) is cut short. */
const SHUTDOWN_TIMEOUT_MS = 10_000;

/** Configuration mistakes are the operator's to fix: one clear line, no stack trace. */
function readSettings(): { config: Config; site: Site } {
  try {
    const config = loadConfig();
    return { config, site: loadSite(config.siteConfigPath) };
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}

async function main(): Promise<void> {
  const { config, site } = readSettings();
  const logger = createLogger(config.logLevel);
  let connection: DbConnection | undefined;
  let app: FastifyInstance | undefined;

  // Once only: a second signal, or a signal during a failed start, must not close things twice.
  let stopping: Promise<void> | undefined;
  const stop = (exitCode: number): Promise<void> => {
    stopping ??= (async () => {
      const force = setTimeout(() => {
        logger.error('shutdown timed out; exiting');
        process.exit(1);
      }, SHUTDOWN_TIMEOUT_MS);
      force.unref();
      let code = exitCode;
      try {
        await app?.close();
        await connection?.close();
      } catch (error) {
        logger.error({ err: error }, 'error during shutdown');
        code = 1;
      }
      process.exit(code);
    })();
    return stopping;
  };

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      logger.info({ signal }, 'shutting down');
      void stop(0);
    });
  }

  try {
    // Fastify, its plugins and the modules load while PGlite starts (much of which is waiting on
    // files and WebAssembly compilation). The database goes first so its imports are not queued
    // behind the app's.
    const opening = openDatabase(config.database, logger);
    const appModule = import('./app');
    // If opening the database fails, this import is never awaited: its failure must not crash the exit path.
    appModule.catch(() => undefined);
    connection = await opening;
    await migrateDatabase(connection);
    const secrets = await resolveSecrets(config, connection.db);
    const { buildApp } = await appModule;
    app = await buildApp({ config, db: connection.db, site, secrets, logger });
    const url = await app.listen({ host: config.host, port: config.port });
    logger.info(
      {
        database: config.database.kind,
        paymentGateway: config.payment.gateway,
        captcha: config.captcha.provider,
        mail: config.smtpUrl ? 'smtp' : 'files',
        startupMs: Math.round(process.uptime() * 1000),
      },
      `donation store ready at ${url}`,
    );
  } catch (error) {
    logger.fatal({ err: error }, 'could not start');
    await stop(1);
  }
}

void main();
