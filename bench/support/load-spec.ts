/** What the bench asks of the load generator (load-worker.ts) and what it answers. */
import type { CheckoutRequest } from '@store/shared/checkout';

export type LoadSpec = {
  url: string;
  connections: number;
  /** Either a fixed time... */
  durationSeconds?: number;
  /** ...or a fixed number of requests (checkouts: one nonce each). */
  amount?: number;
  request:
    | { kind: 'get'; path: string; headers?: Record<string, string> }
    | {
        kind: 'checkout';
        path: string;
        /** The checkout body without its nonce. */
        body: Omit<CheckoutRequest, 'nonce'>;
        /** One single-use sandbox nonce per request, in order. */
        nonces: string[];
      };
};

export type LoadSummary = {
  /** Responses received. */
  requests: number;
  seconds: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Connection errors and timeouts. */
  errors: number;
  non2xx: number;
  statusCounts: Record<string, number>;
  /** Checkouts: 200 responses whose body says `"success":true`. GETs: 2xx responses. */
  successes: number;
  successesPerSecond: number;
};
