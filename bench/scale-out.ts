/**
 * Scale-out (issue 8): one PostgreSQL, the built server as one process and as two, both behind the
 * same nginx (bench/support/nginx.ts), the same autocannon load; then, through the balancer with
 * two processes, the checks that state shared in the database holds across them:
 *   - an Idempotency-Key sent 16 times at once lands on both processes and makes ONE order;
 *   - the report's login limit (10 failures per username) counts failures from both;
 *   - the card-testing limit (5 declines per e-mail) counts declines from both;
 *   - an account session opened through one process is honoured by the other, and so is its end.
 * Without nginx the part is skipped, loudly (CI does not run benchmarks).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startThrowawayPostgres } from '../test/start-postgres';
import { checkoutTemplate, mintNonces } from './support/checkout-load';
import { describeLoad, runLoad } from './support/load';
import type { LoadSummary } from './support/load-spec';
import { type Balancer, findNginx, startBalancer } from './support/nginx';
import { type BenchServer, startBenchServer } from './support/server';
import { median } from './support/stats';

export type Check = { name: string; passed: boolean; detail: string };

export type ScaleOutResult = {
  catalogue: { one: LoadSummary[]; two: LoadSummary[] };
  checkout: { one: LoadSummary[]; two: LoadSummary[] };
  medians: { catalogueOne: number; catalogueTwo: number; checkoutOne: number; checkoutTwo: number };
  checks: Check[];
};

export type ScaleOutOptions = {
  runs: number;
  seconds: number;
  checkouts: number;
  connections: number;
  logLevel: string;
  log: (line: string) => void;
};

/** The account password (ADMIN_PASSWORD): an owner's needs two-factor, so the report takes a key. */
const ADMIN_ACCOUNT_PASSWORD = 'bench-scale-out-password-0123';
/** What the report takes: the username and the report key ADMIN_REPORT_KEY installs, as the password. */
const ADMIN = { username: 'bench', password: 'rk_bench-scale-out-report-key-0123456789' };
const CHECKOUT = '/api/public/payment/checkout';

type Answer = { status: number; upstream: string; body: string };

async function call(url: string, init: RequestInit = {}): Promise<Answer> {
  const res = await fetch(url, init);
  return { status: res.status, upstream: res.headers.get('x-upstream') ?? '?', body: await res.text() };
}

const upstreams = (answers: Answer[]) => [...new Set(answers.map((a) => a.upstream))].sort();
const statuses = (answers: Answer[]) => answers.map((a) => a.status).join(' ');

function checkoutCall(baseUrl: string, key: string, body: object): Promise<Answer> {
  return call(`${baseUrl}${CHECKOUT}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify(body),
  });
}

async function idempotencyCheck(balancer: Balancer, minter: BenchServer, databaseUrl: string): Promise<Check> {
  const [nonce] = await mintNonces(minter.baseUrl, 1);
  const key = randomUUID();
  const body = { ...checkoutTemplate(), nonce };
  const burst = await Promise.all(Array.from({ length: 16 }, () => checkoutCall(balancer.baseUrl, key, body)));
  const replays: Answer[] = [];
  for (let i = 0; i < 6; i++) replays.push(await checkoutCall(balancer.baseUrl, key, body));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const counted = await client.query<{ orders: number; sales: number }>(
    `select (select count(*) from orders where idempotency_key = $1)::int as orders,
            (select count(*) from sandbox_transactions t join orders o on o.id::text = t.order_id::text
              where o.idempotency_key = $1)::int as sales`,
    [key],
  );
  await client.end();
  const { orders = -1, sales = -1 } = counted.rows[0] ?? {};
  const orderIds = new Set(
    [...burst, ...replays]
      .filter((a) => a.status === 200)
      .map((a) => (JSON.parse(a.body) as { orderId: string }).orderId),
  );
  const all = [...burst, ...replays];
  const passed =
    orders === 1 &&
    sales === 1 &&
    orderIds.size === 1 &&
    upstreams(all).length === 2 &&
    all.every((a) => a.status === 200 || a.status === 409) &&
    replays.every((a) => a.status === 200);
  return {
    name: 'Idempotency-Key replayed through the balancer',
    passed,
    detail:
      `16 at once: ${statuses(burst)}; then 6 in turn: ${statuses(replays)}; answered by ${upstreams(all).join(' and ')}; ` +
      `${orders} order, ${sales} charge, ${orderIds.size} order id in the answers`,
  };
}

async function loginLimitCheck(balancer: Balancer): Promise<Check> {
  const wrong = `Basic ${Buffer.from(`${ADMIN.username}:not-the-password`).toString('base64')}`;
  const answers: Answer[] = [];
  for (let i = 0; i < 12; i++) {
    answers.push(await call(`${balancer.baseUrl}/api/admin/whoami`, { headers: { authorization: wrong } }));
  }
  const failures = answers.slice(0, 10);
  const passed =
    failures.every((a) => a.status === 401) &&
    upstreams(failures).length === 2 &&
    answers.slice(10).every((a) => a.status === 429);
  return {
    name: 'Report login limit (10 failures per username) across processes',
    passed,
    detail: `12 wrong passwords in turn: ${statuses(answers)}; the failures were answered by ${upstreams(failures).join(' and ')}`,
  };
}

async function declineLimitCheck(balancer: Balancer): Promise<Check> {
  const body = { ...checkoutTemplate(), nonce: 'fake-processor-declined-visa-nonce' };
  const tester = {
    ...body,
    customerDetails: { ...(body.customerDetails as object), email: 'card-tester@example.org' },
  };
  const answers: Answer[] = [];
  for (let i = 0; i < 6; i++) answers.push(await checkoutCall(balancer.baseUrl, randomUUID(), tester));
  const declines = answers.slice(0, 5);
  const passed =
    declines.every((a) => a.status === 402) && upstreams(declines).length === 2 && answers[5]?.status === 429;
  return {
    name: 'Card-testing limit (5 declines per e-mail) across processes',
    passed,
    detail: `6 declined cards in turn: ${statuses(answers)}; the declines were answered by ${upstreams(declines).join(' and ')}`,
  };
}

async function sessionCheck(balancer: Balancer): Promise<Check> {
  const origin = balancer.baseUrl;
  const registered = await fetch(`${origin}/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({
      name: 'Bench Donor',
      email: `bench-${randomUUID()}@example.org`,
      password: 'correct horse battery',
    }),
  });
  const opened = registered.headers.get('x-upstream') ?? '?';
  const cookie = /store_session=[^;]+/.exec(registered.headers.get('set-cookie') ?? '')?.[0];
  if (registered.status !== 201 || !cookie) {
    return { name: 'Account session across processes', passed: false, detail: `register: ${registered.status}` };
  }
  const profile = () => call(`${origin}/auth/profile`, { headers: { cookie } });
  const signedIn: Answer[] = [];
  for (let i = 0; i < 6; i++) signedIn.push(await profile());
  const out = await call(`${origin}/auth/logout`, { method: 'POST', headers: { cookie, origin } });
  const signedOut: Answer[] = [];
  for (let i = 0; i < 4; i++) signedOut.push(await profile());
  const passed =
    signedIn.every((a) => a.status === 200) &&
    upstreams(signedIn).length === 2 &&
    out.status === 204 &&
    signedOut.every((a) => a.status === 401) &&
    upstreams(signedOut).length === 2;
  return {
    name: 'Account session across processes',
    passed,
    detail:
      `registered through ${opened}; profile ${statuses(signedIn)} from ${upstreams(signedIn).join(' and ')}; ` +
      `logout through ${out.upstream} (${out.status}); then profile ${statuses(signedOut)} from ${upstreams(signedOut).join(' and ')}`,
  };
}

/** Undefined when nginx or PostgreSQL is missing (the caller says so loudly). */
export async function benchScaleOut(options: ScaleOutOptions): Promise<ScaleOutResult | undefined> {
  const { log } = options;
  if (!findNginx()) return undefined;
  const postgres = await startThrowawayPostgres({ settings: { fsync: 'on' } });
  if (!postgres) return undefined;
  const dirs = [0, 1].map(() => mkdtempSync(join(tmpdir(), 'store-bench-scale-')));
  const servers: BenchServer[] = [];
  const balancers: Balancer[] = [];
  try {
    for (const dataDir of dirs) {
      // One after the other: the first migrates the database, the second finds it migrated.
      servers.push(
        await startBenchServer({
          env: {
            DATA_DIR: dataDir,
            DATABASE_URL: postgres.url,
            CAPTCHA_PROVIDER: 'off',
            PAYMENT_GATEWAY: 'sandbox',
            TRUST_PROXY: '127.0.0.1',
            // The balancers (and so the Host the auth routes see) get their ports after the servers
            // start; the host check (ALLOWED_HOSTS) is not what is measured here.
            ALLOWED_HOSTS: '*',
            LOG_LEVEL: options.logLevel,
            ADMIN_USERNAME: ADMIN.username,
            ADMIN_PASSWORD: ADMIN_ACCOUNT_PASSWORD,
            ADMIN_REPORT_KEY: ADMIN.password,
          },
        }),
      );
    }
    const [a, b] = servers;
    if (!a || !b) throw new Error('servers did not start');
    const one = await startBalancer([a.port]);
    const two = await startBalancer([a.port, b.port]);
    if (!one || !two) throw new Error('nginx did not start');
    balancers.push(one, two);

    const result: ScaleOutResult = {
      catalogue: { one: [], two: [] },
      checkout: { one: [], two: [] },
      medians: { catalogueOne: 0, catalogueTwo: 0, checkoutOne: 0, checkoutTwo: 0 },
      checks: [],
    };
    const warm = 300;
    const nonces = await mintNonces(a.baseUrl, 2 * warm + 2 * options.runs * options.checkouts);
    let used = 0;
    const checkouts = (balancer: Balancer, n: number) => {
      const slice = nonces.slice(used, used + n);
      used += n;
      return runLoad({
        url: balancer.baseUrl,
        connections: options.connections,
        amount: n,
        request: { kind: 'checkout', path: CHECKOUT, body: checkoutTemplate(), nonces: slice },
      });
    };
    const catalogue = (balancer: Balancer, seconds: number) =>
      runLoad({
        url: balancer.baseUrl,
        connections: options.connections,
        durationSeconds: seconds,
        request: { kind: 'get', path: '/api/public/catalogue' },
      });
    // Warm-up of both set-ups (JIT, pools, nginx keep-alive), not counted.
    for (const balancer of [one, two]) {
      await catalogue(balancer, 3);
      await checkouts(balancer, warm);
    }
    for (let i = 0; i < options.runs; i++) {
      for (const [name, balancer] of [
        ['one', one],
        ['two', two],
      ] as const) {
        const c = await catalogue(balancer, options.seconds);
        result.catalogue[name].push(c);
        log(`  run ${i + 1}, ${name === 'one' ? '1 process ' : '2 processes'}: catalogue ${describeLoad(c)}`);
        const k = await checkouts(balancer, options.checkouts);
        result.checkout[name].push(k);
        log(
          `  run ${i + 1}, ${name === 'one' ? '1 process ' : '2 processes'}: checkout ${Math.round(k.successesPerSecond)}/s; ${describeLoad(k)}`,
        );
      }
    }
    result.medians = {
      catalogueOne: median(result.catalogue.one.map((r) => r.requestsPerSecond)),
      catalogueTwo: median(result.catalogue.two.map((r) => r.requestsPerSecond)),
      checkoutOne: median(result.checkout.one.map((r) => r.successesPerSecond)),
      checkoutTwo: median(result.checkout.two.map((r) => r.successesPerSecond)),
    };
    for (const check of [
      () => idempotencyCheck(two, a, postgres.url),
      () => loginLimitCheck(two),
      () => declineLimitCheck(two),
      () => sessionCheck(two),
    ]) {
      const outcome = await check();
      result.checks.push(outcome);
      log(`  ${outcome.passed ? 'PASS' : 'FAIL'} ${outcome.name}: ${outcome.detail}`);
    }
    return result;
  } finally {
    for (const balancer of balancers) await balancer.stop();
    for (const server of servers) await server.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    postgres.stop();
  }
}
