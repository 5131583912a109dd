/** What every module may depend on. buildApp receives it; modules take only the parts they use. */
import type { Site } from '@store/shared/site';
import type { Database } from '#src/db/client';
import type { AppSecrets } from '#src/db/secrets';
import type { MailNotifier } from '#src/modules/mail/worker';
import type { StoreMetrics } from '#src/modules/metrics/create-metrics';
import type { PaymentGateway } from '#src/modules/payments/gateway';
import type { SiteContentStore } from '#src/modules/site-content/site-content-store';
import type { Config } from './config';

export type AppContext = {
  config: Config;
  db: Database;
  /**
   * config/site.json, validated, loaded once at start. Its foundation, giving and taxReceipts are
   * read from here; the catalogue, concert tiers, centers and event only seed the database: read
   * them from `siteContent` (issue 21), which staff edit at run time.
   */
  site: Site;
  /** The content as the database holds it now (modules/site-content). Unset: buildApp makes it. */
  siteContent?: SiteContentStore;
  secrets: AppSecrets;
  /**
   * The gateway config.payment chooses, made by main.ts (the reconciler shares it). Unset: the
   * payments module makes its own (payments/create-gateway.ts). Tests pass a wrapped or fake one.
   */
  paymentGateway?: PaymentGateway;
  /**
   * The mail worker main.ts runs. `kick()` after a transaction that queued mail has COMMITTED sends it
   * now instead of at the next poll (a few seconds); it never throws. Unset in tests: nothing is sent.
   */
  mail?: MailNotifier;
  /** main.ts's: true once SIGTERM / SIGINT arrived (GET /healthz/ready answers 503 from then on). */
  shuttingDown?: () => boolean;
  /** Made by main.ts when METRICS_TOKEN is set: `GET /metrics` and its hooks (modules/metrics). */
  metrics?: StoreMetrics;
};
