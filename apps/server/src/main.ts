/**
 * `npm run serve`: read the environment and config/site.json, open and migrate the database,
 * then serve the API and the built web app until SIGTERM / SIGINT.
 *
 * The role (ROLE, or the first argument: `node main.js migrate`) picks what this process does
 * (docs/operations.md "Container image and compose"):
 *  - `all` (default): everything below in one process, as `npm start` runs it;
 *  - `web`: the site and the API only; receipts it queues are sent by a worker;
 *  - `worker`: the mail outbox and the reconciler, with only /healthz/* on its port;
 *  - `migrate`: applies the migrations and exits (a pre-deploy step).
 * `web` and `worker` never change the schema: they wait until the migrate step has run.
 */
import { join } from 'node:path';
import type { Site } from '@store/shared/site';
import type { FastifyInstance } from 'fastify';
import { type DbConnection, openDatabase } from '#src/db/client';
import { waitForMigrations } from '#src/db/migrate';
import { migrateAsOwner } from '#src/db/migrate-as-owner';
import { resolveSecrets } from '#src/db/secrets';
import { storeUrlOf } from '#src/lib/dashboard-url';
import { ensureAdmin } from '#src/modules/admins/ensure-admin';
import { seedSessions } from '#src/modules/event-sessions/seed-sessions';
import { receiptSettings } from '#src/modules/ledger/index';
import { createMailTransport, defaultMailFrom, type MailTransport } from '#src/modules/mail/transport';
import { type MailWorker, startMailWorker } from '#src/modules/mail/worker';
import { billingSettingsOf } from '#src/modules/monthly-giving/billing-settings';
import { certificateSignatureImage, signatureImage } from '#src/modules/receipts/signature-image';
import { seedContent } from '#src/modules/site-content/content-repo';
import { contentOf } from '#src/modules/site-content/merge-site';
import { createSiteContentStore } from '#src/modules/site-content/site-content-store';
import { loadSite } from '#src/site/load-site';
import { type Config, loadConfig } from './config';
import { createLogger } from './logger';
import { productionProblems, sampleTaxIdentifierProblems } from './production-checks';
import { startupBanner } from './startup-banner';
import type { Tracing } from './tracing';

/** After this, a stuck shutdown (a hanging request, a database that does not answer) is cut short. */
const SHUTDOWN_TIMEOUT_MS = 10_000;

/** Configuration mistakes are the operator's to fix: one clear line, no stack trace. */
function readSettings(): { config: Config; site: Site } {
  try {
    // `node main.js worker` is `ROLE=worker node main.js`: the argument wins over the variable.
    const roleArgument = process.argv[2];
    const config = loadConfig(roleArgument === undefined ? process.env : { ...process.env, ROLE: roleArgument });
    // DEPLOYMENT=production (or NODE_ENV=production) fails closed: every problem on a line of its
    // own, under the variable that asked for production, then exit 1.
    const refusal = `${config.deploymentSetBy}=production refuses to start:`;
    const problems = productionProblems(config);
    if (problems.length > 0) throw new Error([refusal, ...problems].join('\n'));
    const site = loadSite(config.siteConfigPath);
    const taxProblems = sampleTaxIdentifierProblems(config, site.taxReceipts);
    if (taxProblems.length > 0) throw new Error([refusal, ...taxProblems].join('\n'));
    // The signatures are read now: a missing file stops the start, not a receipt or certificate later.
    signatureImage(config.siteConfigPath, site.taxReceipts);
    certificateSignatureImage(config.siteConfigPath, site.certificate);
    return { config, site };
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}

async function main(): Promise<void> {
  const { config, site } = readSettings();
  const logger = createLogger(config.logLevel);
  const { role } = config;
  /** Serves the site and the API. */
  const serves = role === 'all' || role === 'web';
  /** Sends the mail outbox and runs the scheduled jobs (the reconciler). */
  const works = role === 'all' || role === 'worker';
  // Every checkout and registration goes through unchallenged: never what production should run.
  if (serves && config.captcha.provider === 'off') logger.warn('captcha is OFF: for tests only (CAPTCHA_PROVIDER=off)');
  let connection: DbConnection | undefined;
  let app: FastifyInstance | undefined;
  let stopReconciler: (() => Promise<void>) | undefined;
  let stopRefundReconciler: (() => Promise<void>) | undefined;
  let stopBilling: (() => Promise<void>) | undefined;
  let stopEventMessages: (() => Promise<void>) | undefined;
  let stopOfferExpiry: (() => Promise<void>) | undefined;
  let stopRateFeed: (() => Promise<void>) | undefined;
  let mailWorker: MailWorker | undefined;
  let mailTransport: MailTransport | undefined;
  let stopListening: (() => Promise<void>) | undefined;
  let stopContentListener: (() => Promise<void>) | undefined;
  let tracing: Tracing | undefined;

  // Once only: a second signal, or a signal during a failed start, must not close things twice.
  let stopping: Promise<void> | undefined;
  const shuttingDown = () => stopping !== undefined;
  const stop = (exitCode: number): Promise<void> => {
    stopping ??= (async () => {
      const force = setTimeout(() => {
        logger.error('shutdown timed out; exiting');
        process.exit(1);
      }, SHUTDOWN_TIMEOUT_MS);
      force.unref();
      let code = exitCode;
      try {
        // A reconciler run in progress finishes (or the timeout cuts it) before the database closes.
        await Promise.all([
          stopReconciler?.(),
          stopRefundReconciler?.(),
          stopBilling?.(),
          stopEventMessages?.(),
          stopOfferExpiry?.(),
          stopRateFeed?.(),
          app?.close(),
        ]);
        // After the app: a request finishing during close may still queue and kick a receipt.
        await Promise.all([stopListening?.(), stopContentListener?.()]);
        await mailWorker?.stop();
        mailTransport?.close();
        await connection?.close();
        // Last: the spans of the requests that finished during close go out too.
        await tracing?.shutdown();
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
    // Before anything loads Fastify or makes a request: the SDK patches the http module (tracing.ts).
    if (config.tracing) tracing = await (await import('./tracing')).startTracing(config.tracing);
    // Fastify, its plugins and the modules load while PGlite starts (much of which is waiting on
    // files and WebAssembly compilation). The database goes first so its imports are not queued
    // behind the app's.
    const opening = openDatabase(config.database, logger);
    const appModule = serves ? import('./app') : undefined;
    const renderersModule = works ? import('./mail-renderers') : undefined;
    // If opening the database fails, these imports are never awaited: their failure must not crash the exit path.
    appModule?.catch(() => undefined);
    renderersModule?.catch(() => undefined);
    connection = await opening;
    const { db } = connection;
    if (role === 'migrate') {
      await migrateAsOwner(connection, config.migrateDatabaseUrl);
      // site.json's catalogue, centers and event, when the database has none yet (issue 21).
      await seedContent(db, contentOf(site));
      await seedSessions(db, site.eventSessions);
      logger.info({ database: config.database.kind }, 'migrations applied');
      await stop(0);
      return;
    }
    if (role === 'all') {
      // One process: it migrates at start, under an advisory lock on PostgreSQL (db/migrate.ts).
      await migrateAsOwner(connection, config.migrateDatabaseUrl);
    } else {
      await waitForMigrations(db, () =>
        logger.warn(`ROLE=${role}: waiting for the migrations; run \`npm run migrate\` (the image's migrate role)`),
      );
    }
    // Someone must be able to read the report: ADMIN_USERNAME/ADMIN_PASSWORD, or a first random password.
    const admin = serves ? await ensureAdmin({ db, config, logger }) : undefined;
    const secrets = await resolveSecrets(config, db);
    // The catalogue, centers and event as staff edit them; the first read seeds an empty database.
    const siteContent = createSiteContentStore({ db, site });
    await siteContent.current();
    // Other web processes' edits refresh this one's pages at once, not at the next bounded check.
    if (serves && connection.kind === 'postgres') {
      const { listenForContentEdits } = await import('#src/modules/site-content/content-notifications');
      stopContentListener = listenForContentEdits(connection.pool, siteContent, logger).stop;
    }
    if (renderersModule) {
      const { mailRenderers } = await renderersModule;
      // Sends the e-mail outbox off the request path; `kick` lets the app send a receipt at once.
      if (config.smtpUrl && !config.mailFrom) {
        logger.warn('SMTP_URL is set without MAIL_FROM: mail goes out as receipts@localhost');
      }
      mailTransport = createMailTransport({
        smtpUrl: config.smtpUrl,
        outboxDir: join(config.dataDir, 'outbox'),
        from: config.mailFrom ?? defaultMailFrom(site),
      });
      // Receipts and confirmations are queued by reference; their modules' renderers write them at send time.
      mailWorker = startMailWorker({
        db,
        transport: mailTransport,
        renderers: mailRenderers({
          db,
          site,
          siteSource: siteContent,
          secrets,
          signature: signatureImage(config.siteConfigPath, site.taxReceipts),
          certificateSignature: certificateSignatureImage(config.siteConfigPath, site.certificate),
          storeUrl: storeUrlOf(config.allowedOrigins, site.foundation.url),
        }),
        logger,
      });
      // Beside web processes, their kicks arrive by NOTIFY (mail/cross-process-kick.ts).
      if (role === 'worker' && connection.kind === 'postgres') {
        const { listenForKicks } = await import('#src/modules/mail/cross-process-kick');
        stopListening = listenForKicks(connection.pool, mailWorker.kick, logger).stop;
      }
    }
    // One gateway, shared by the routes and the reconciler.
    const [{ createGateway }, { startReconciler }, { startRefundReconciler }, { startBilling }, { startOfferExpiry }] =
      await Promise.all([
        import('#src/modules/payments/create-gateway'),
        import('#src/modules/checkout/start-reconciler'),
        import('#src/modules/refunds/start-refund-reconciler'),
        import('#src/modules/monthly-giving/start-billing'),
        import('#src/modules/waiting-list/start-offer-expiry'),
      ]);
    // METRICS_TOKEN: prom-client loads only then (modules/metrics); the gateway is timed.
    const metrics = config.metricsToken
      ? (await import('#src/modules/metrics/create-metrics')).createMetrics({ db, token: config.metricsToken, logger })
      : undefined;
    const gateway = await createGateway({ config, db, secrets });
    const paymentGateway = metrics ? metrics.instrumentGateway(gateway) : gateway;
    if (appModule) {
      const { buildApp } = await appModule;
      // A `web` process has no mail worker: its kicks reach the worker by NOTIFY (its poll is the fallback).
      const mail = mailWorker
        ? { kick: mailWorker.kick }
        : (await import('#src/modules/mail/cross-process-kick')).notifyingKick(db, logger);
      app = await buildApp({
        config,
        db,
        site,
        siteContent,
        secrets,
        logger,
        paymentGateway,
        mail,
        shuttingDown,
        ...(metrics ? { metrics } : {}),
      });
    } else {
      const { buildHealthApp } = await import('./health-app');
      app = await buildHealthApp({ db, logger, shuttingDown });
    }
    const url = await app.listen({ host: config.host, port: config.port });
    if (mailWorker) {
      // Settles what a previous run left pending (a crash between charge and record), then every minute.
      stopReconciler = startReconciler({
        db,
        gateway: paymentGateway,
        logger,
        receipts: async () => receiptSettings((await siteContent.current()).site),
        mail: mailWorker,
        onRun: metrics?.reconcilerRan,
        ...(config.testReconcileAfterMs === undefined ? {} : { olderThanMs: config.testReconcileAfterMs }),
      });
      // Refunds left pending between the gateway's refund and the order's update (issue 21).
      stopRefundReconciler = startRefundReconciler({
        db,
        gateway: paymentGateway,
        logger,
        timeZone: site.foundation.timeZone,
        mail: mailWorker,
      });
      // Monthly gifts due today (issue 22): charged once per period whatever else runs it.
      stopBilling = startBilling({
        db,
        gateway: paymentGateway,
        logger,
        settings: async () => billingSettingsOf((await siteContent.current()).site),
        mail: mailWorker,
        timeZone: site.foundation.timeZone,
        intervalMs: config.billingIntervalMinutes * 60_000,
      });
      // Messages to registrants: their recipients fed to the outbox at eventSettings' rate.
      const { startEventMessageQueue } = await import('#src/modules/event-messages/start-event-message-queue');
      stopEventMessages = startEventMessageQueue({
        db,
        logger,
        mail: mailWorker,
        perMinute: site.eventSettings.messagesPerMinute,
      });
      // Waiting-list offers not accepted in time pass to the next family, once each, every minute.
      stopOfferExpiry = startOfferExpiry({
        db,
        logger,
        offerHoldHours: site.eventSettings.offerHoldHours,
        mail: mailWorker,
      });
      // The day's exchange rates from site.json's feed, hourly; without a feed the treasurer enters them.
      const { startRateFeed } = await import('#src/modules/exchange-rates/rate-feed');
      stopRateFeed = startRateFeed({
        db,
        logger,
        settings: site.exchangeRates,
        timeZone: site.foundation.timeZone,
      });
    }
    logger.info(
      {
        role,
        database: config.database.kind,
        paymentGateway: config.payment.gateway,
        captcha: config.captcha.provider,
        mail: config.smtpUrl ? 'smtp' : 'files',
        startupMs: Math.round(process.uptime() * 1000),
      },
      `donation store ready at ${url}`,
    );
    // For the person who just typed `npm start`: the same facts in words (startup-banner.ts).
    if (role === 'all' && admin) process.stderr.write(startupBanner({ url, config, admin }));
  } catch (error) {
    logger.fatal({ err: error }, 'could not start');
    await stop(1);
  }
}

void main();
