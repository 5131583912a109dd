/**
 * OpenTelemetry tracing, on only when OTEL_EXPORTER_OTLP_ENDPOINT is set. The SDK is imported then
 * and only then (a dynamic import): a default start loads none of it.
 *
 * What is traced: every HTTP request the server answers (one span, named by method and route
 * pattern, `http.route` set) and every HTTP request it makes (Braintree, reCAPTCHA, Google), with
 * W3C trace context passed on. Health checks and scrapes are left out. Traces only: the figures go
 * to Prometheus (METRICS_TOKEN), and logs stay JSON lines on stdout. The SDK reads the standard
 * OTEL_* variables itself (OTEL_EXPORTER_OTLP_PROTOCOL, OTEL_EXPORTER_OTLP_HEADERS,
 * OTEL_TRACES_SAMPLER, ...).
 *
 * What is not: database queries. The server runs as a bundle (decision 0008) and loads `pg` and
 * PGlite through ESM imports, which the OpenTelemetry require hooks do not see.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from './config';

export type Tracing = {
  /** Sends the spans still buffered; call once, when stopping. */
  shutdown: () => Promise<void>;
};

/** Probes and scrapes: many, alike, and of no interest in a trace. */
const UNTRACED_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

export async function startTracing(settings: NonNullable<Config['tracing']>): Promise<Tracing> {
  const [{ NodeSDK }, { HttpInstrumentation }] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/instrumentation-http'),
  ]);
  const sdk = new NodeSDK({
    serviceName: settings.serviceName,
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => UNTRACED_PATHS.has((request.url ?? '').split('?')[0] ?? ''),
      }),
    ],
    // Traces only (empty lists stop the SDK from starting its OTLP metrics and logs exporters).
    metricReaders: [],
    logRecordProcessors: [],
  });
  // Before Fastify is loaded (main.ts imports the app after this): the http module is patched then.
  sdk.start();
  return { shutdown: () => sdk.shutdown() };
}

/** Names each request's span by its route pattern (`POST /api/public/payment/checkout`), never the raw URL. */
export async function nameSpansByRoute(app: FastifyInstance): Promise<void> {
  const { trace } = await import('@opentelemetry/api');
  app.addHook('onRequest', (request, _reply, done) => {
    const route = request.routeOptions.url;
    const span = trace.getActiveSpan();
    if (span && route !== undefined) {
      span.updateName(`${request.method} ${route}`);
      span.setAttribute('http.route', route);
    }
    done();
  });
}
