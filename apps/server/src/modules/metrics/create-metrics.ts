/**
 * The Prometheus metrics (prom-client), made only when METRICS_TOKEN is set: main.ts imports this
 * file lazily, so a default start loads no prom-client and pays nothing per request.
 *
 * Cost on the request path: one histogram observation per request (routes.ts), a counter for the
 * checkout's outcome, a timer around each gateway call. What needs the database (the outbox's
 * depth and oldest message, the pending orders) is read when Prometheus scrapes, by two queries on
 * indexed columns (mail_outbox_due_idx, orders_status_created_idx), never per request.
 *
 * Labels are bounded: the route's pattern (`/api/report/orders/:id`), never the raw URL; outcomes
 * are fixed words.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '#src/db/client';
import type { ReconcileSummary } from '#src/modules/checkout/reconcile';
import type { PaymentGateway } from '#src/modules/payments/gateway';
import { instrumentGateway } from './instrument-gateway';

export type CheckoutOutcome =
  | 'succeeded'
  | 'declined'
  | 'unconfirmed'
  | 'replayed'
  | 'in_progress'
  | 'rate_limited'
  | 'captcha_refused'
  | 'invalid'
  | 'error';

export type StoreMetrics = {
  /** METRICS_TOKEN: what `GET /metrics` must be shown (Bearer, or Basic's password). */
  readonly token: string;
  readonly contentType: string;
  /** The exposition text; runs the scrape-time queries. */
  render(): Promise<string>;
  observeRequest(labels: { method: string; route: string; statusCode: number }, seconds: number): void;
  countCheckout(outcome: CheckoutOutcome): void;
  countLoginLimitHit(route: string): void;
  /** The reconciler's report after each run (start-reconciler.ts `onRun`). */
  reconcilerRan(result: ReconcileSummary | 'failed'): void;
  /** The same gateway, timed: latency by operation and outcome. */
  instrumentGateway(gateway: PaymentGateway): PaymentGateway;
};

/** Seconds. From a cached static file (~1 ms) to the request timeout (30 s). */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Seconds. A card processor answers in 0.3 to 3 s; the SDK's own timeout is 60 s. */
const GATEWAY_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60];

type CountAndOldest = { count: number | string; oldest_seconds: number | string | null };

export type CreateMetricsOptions = {
  db: Database;
  token: string;
  logger: Pick<FastifyBaseLogger, 'warn'>;
};

export function createMetrics({ db, token, logger }: CreateMetricsOptions): StoreMetrics {
  const registry = new Registry();
  // Process CPU, memory, event-loop delay, GC: the usual Node dashboards read these names.
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request to the answer sent, by route pattern, method and status (rate: the _count)',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: HTTP_BUCKETS,
    registers,
  });
  const checkouts = new Counter({
    name: 'store_checkouts_total',
    help: 'Checkout requests by what the donor was answered',
    labelNames: ['outcome'] as const,
    registers,
  });
  const gatewayDuration = new Histogram({
    name: 'store_payment_gateway_duration_seconds',
    help: 'Payment gateway calls by operation and outcome (ok, declined, unavailable, error)',
    labelNames: ['gateway', 'operation', 'outcome'] as const,
    buckets: GATEWAY_BUCKETS,
    registers,
  });
  const loginLimitHits = new Counter({
    name: 'store_login_limit_hits_total',
    help: 'Logins refused with 429 by the brute-force limit, by route pattern',
    labelNames: ['route'] as const,
    registers,
  });
  const reconcilerRuns = new Counter({
    name: 'store_reconciler_runs_total',
    help: 'Reconciler runs by result (ok, failed)',
    labelNames: ['result'] as const,
    registers,
  });
  const reconciledOrders = new Counter({
    name: 'store_reconciler_orders_total',
    help: 'Pending orders the reconciler looked at, by what became of them',
    labelNames: ['outcome'] as const,
    registers,
  });
  const reconcilerLastRun = new Gauge({
    name: 'store_reconciler_last_run_timestamp_seconds',
    help: 'When this process last finished a reconciler run (Unix time); 0 before the first',
    registers,
  });
  // Read at scrape time, from the database: every replica reports the same figure (take max()).
  const outboxDepth = new Gauge({
    name: 'store_mail_outbox_depth',
    help: 'E-mails queued and not yet sent',
    registers,
  });
  const outboxOldest = new Gauge({
    name: 'store_mail_outbox_oldest_age_seconds',
    help: 'Age of the oldest e-mail not yet sent; 0 when none is waiting',
    registers,
  });
  const pendingOrders = new Gauge({
    name: 'store_orders_pending',
    help: 'Orders written pending and not yet settled (the gateway was called, or is being called)',
    registers,
  });
  const pendingOldest = new Gauge({
    name: 'store_orders_pending_oldest_age_seconds',
    help: 'Age of the oldest pending order; 0 when none is pending',
    registers,
  });

  const readDatabaseGauges = async (): Promise<void> => {
    try {
      // Two index scans: unsent mail (sent_at is null) and pending orders (status, created_at).
      const [outbox, pending] = await Promise.all([
        db.execute<CountAndOldest>(sql`
          select count(*) as count, extract(epoch from now() - min(created_at)) as oldest_seconds
          from mail_outbox where sent_at is null`),
        db.execute<CountAndOldest>(sql`
          select count(*) as count, extract(epoch from now() - min(created_at)) as oldest_seconds
          from orders where status = 'pending'`),
      ]);
      const set = (rows: CountAndOldest[], count: Gauge, oldest: Gauge) => {
        count.set(Number(rows[0]?.count ?? 0));
        oldest.set(Math.max(0, Number(rows[0]?.oldest_seconds ?? 0)));
      };
      set(outbox.rows, outboxDepth, outboxOldest);
      set(pending.rows, pendingOrders, pendingOldest);
    } catch (error) {
      // The HTTP figures are still worth a scrape; NaN says "unknown" without firing a threshold.
      logger.warn({ err: error }, 'metrics: could not read the outbox and pending orders');
      for (const gauge of [outboxDepth, outboxOldest, pendingOrders, pendingOldest]) gauge.set(Number.NaN);
    }
  };

  return {
    token,
    contentType: registry.contentType,
    render: async () => {
      await readDatabaseGauges();
      return registry.metrics();
    },
    observeRequest: ({ method, route, statusCode }, seconds) =>
      httpDuration.observe({ method, route, status_code: statusCode }, seconds),
    countCheckout: (outcome) => checkouts.inc({ outcome }),
    countLoginLimitHit: (route) => loginLimitHits.inc({ route }),
    reconcilerRan: (result) => {
      reconcilerLastRun.set(Date.now() / 1000);
      if (result === 'failed') {
        reconcilerRuns.inc({ result: 'failed' });
        return;
      }
      reconcilerRuns.inc({ result: 'ok' });
      reconciledOrders.inc({ outcome: 'succeeded' }, result.succeeded);
      reconciledOrders.inc({ outcome: 'failed' }, result.failed);
      reconciledOrders.inc({ outcome: 'still_pending' }, result.stillPending);
    },
    instrumentGateway: (gateway) =>
      instrumentGateway(gateway, (labels, seconds) =>
        gatewayDuration.observe({ gateway: gateway.name, ...labels }, seconds),
      ),
  };
}
