/**
 * The load generator's process: `node --import tsx bench/support/load-worker.ts <spec.json>`. It
 * runs autocannon as the spec says and prints one JSON LoadSummary line. A process of its own so
 * the bench's bookkeeping never competes with the load it measures (on 2 cores it still shares
 * the machine with the server: that is the machine the targets are for).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import type { LoadSpec, LoadSummary } from './load-spec';

const specPath = process.argv[2];
if (!specPath) throw new Error('usage: load-worker.ts <spec.json>');
const spec = JSON.parse(readFileSync(specPath, 'utf8')) as LoadSpec;

let successes = 0;
const statusCounts: Record<string, number> = {};

// When the last response came in. A run of a fixed `amount` ends there, but autocannon reports its
// result (and its `duration`) only at its next once-a-second tick: a 3.2 s run read as ~4.0 s, so
// rates were rounded down to amount / whole seconds (3,000 checkouts: 744/s or 596/s, nothing between).
let lastResponseAt = 0;

function countStatus(status: number): void {
  lastResponseAt = performance.now();
  statusCounts[status] = (statusCounts[status] ?? 0) + 1;
}

function requests(): autocannon.Request[] {
  const request = spec.request;
  if (request.kind === 'get') {
    return [
      {
        method: 'GET',
        path: request.path,
        ...(request.headers ? { headers: request.headers } : {}),
        onResponse: (status) => {
          countStatus(status);
          if (status >= 200 && status < 300) successes++;
        },
      },
    ];
  }
  const { nonces, body, path } = request;
  let next = 0;
  return [
    {
      method: 'POST',
      path,
      setupRequest: (req) => {
        const nonce = nonces[next++];
        if (nonce === undefined) throw new Error('out of nonces: the spec must carry one per request');
        // Every checkout is a new order: its own Idempotency-Key and its own single-use nonce, and a
        // donor of its own (address and e-mail), as a real load has: the card-testing limit lets one
        // address or e-mail have five checkouts at the gateway at once (checkout/decline-limit.ts).
        const donor = next;
        return {
          ...req,
          headers: {
            'content-type': 'application/json',
            'idempotency-key': randomUUID(),
            'x-forwarded-for': `10.${(donor >> 16) & 255}.${(donor >> 8) & 255}.${donor & 255}`,
          },
          body: JSON.stringify({
            ...body,
            nonce,
            customerDetails: { ...body.customerDetails, email: `bench-donor-${donor}@example.org` },
          }),
        };
      },
      onResponse: (status, responseBody) => {
        countStatus(status);
        if (status === 200 && responseBody.includes('"success":true')) successes++;
      },
    },
  ];
}

const startedAt = performance.now();
const result = await autocannon({
  url: spec.url,
  connections: spec.connections,
  ...(spec.amount !== undefined ? { amount: spec.amount } : { duration: spec.durationSeconds ?? 10 }),
  requests: requests(),
});

const responses = Object.values(statusCounts).reduce((a, b) => a + b, 0);
// A fixed-time run lasts its duration; a fixed-amount run, until its last response.
const seconds = spec.amount !== undefined && responses > 0 ? (lastResponseAt - startedAt) / 1000 : result.duration;
const summary: LoadSummary = {
  requests: responses,
  seconds,
  requestsPerSecond: responses / seconds,
  p50Ms: result.latency.p50,
  p99Ms: result.latency.p99,
  errors: result.errors,
  non2xx: result.non2xx,
  statusCounts,
  successes,
  successesPerSecond: successes / seconds,
};
process.stdout.write(`${JSON.stringify(summary)}\n`);
