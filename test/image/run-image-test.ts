/**
 * `npm run test:image`: builds the Dockerfile with podman and runs the image as production would, on
 * a throw-away PostgreSQL with the store's two database roles (deploy/postgres-roles.sql): the
 * `migrate` role as the schema's owner (exits 0), then two `web` replicas and one `worker` as the
 * app role, which can neither truncate the audit log nor drop its triggers.
 * Waits until the image's own HEALTHCHECK passes in each, places a sandbox checkout through one web
 * replica's port (ALTCHA solved, card tokenized, as the checkout page does), reads the order back
 * from the payment report through the other replica, and finds exactly one receipt in the worker's
 * outbox. Without podman (CI) or PostgreSQL it says so loudly and exits 0. Base images missing from
 * a registry-less machine are made first as root (scripts/podman-base-images.sh); not root, or the
 * script failing, is a failure (exit 1) with one line naming the script.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { altchaChallengeSchema } from '@store/shared/altcha-challenge';
import { reportResponseSchema } from '@store/shared/report';
import pg from 'pg';
import { basicAuthorization } from '../../apps/server/src/modules/admins/basic-credentials';
import { checkoutBody, validCard } from '../../apps/server/test/checkout-helpers';
import { applyRolesSql, newRoles, psqlFound } from '../../apps/server/test/postgres-roles';
import { solvedAltchaToken } from '../../apps/server/test/solve-altcha';
import { freePort } from '../free-port';
import { startThrowawayPostgres } from '../start-postgres';

const REPO_ROOT = resolve(import.meta.dirname, '../..');
const IMAGE = process.env.IMAGE_TAG ?? 'localhost/donation-store:test';
const NODE_MAJOR = process.versions.node.split('.')[0] ?? '20';
/** The defaults fail in this kind of sandbox on cgroups and rlimits (../shared/DESIGN.md "Recipes"). */
const PODMAN = ['--cgroup-manager=cgroupfs', '--runtime', 'runc'];
const LIMITS = ['--network=host', '--ulimit', 'nofile=1024:1024', '--ulimit', 'nproc=1024:1024'];
/** The account password (ADMIN_PASSWORD): an owner's needs two-factor, so the report takes a key. */
const ADMIN_ACCOUNT_PASSWORD = `image test ${randomUUID()}`;
/** What the report takes: the username and the report key ADMIN_REPORT_KEY installs, as the password. */
const ADMIN = { username: 'treasurer', password: `rk_${randomUUID()}` };

function skip(reason: string): never {
  console.warn(`\n!!! ${reason}: the container image test is SKIPPED !!!\n`);
  process.exit(0);
}

function fail(reason: string): never {
  console.error(`\n!!! ${reason}: the container image test FAILED !!!\n`);
  process.exit(1);
}

function podman(args: string[], options: { quiet?: boolean } = {}): string {
  return execFileSync('podman', [...PODMAN, ...args], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', options.quiet ? 'pipe' : 'inherit'],
  });
}

function step(text: string): void {
  console.log(`--- ${text}`);
}

async function json(url: string, init: RequestInit = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
  const text = await res.text();
  try {
    return { status: res.status, body: JSON.parse(text) };
  } catch {
    return { status: res.status, body: { text } };
  }
}

async function captchaToken(base: string): Promise<string> {
  const challenge = await json(`${base}/api/public/captcha/challenge`);
  return solvedAltchaToken(altchaChallengeSchema.parse(challenge.body));
}

/** What the checkout page does: a client token, the card exchanged for a nonce, then the order. */
async function placeCheckout(base: string): Promise<{ orderId: string; transactionId: string }> {
  const token = await json(`${base}/api/public/payment/token`, {
    headers: { 'x-captcha-token': await captchaToken(base), 'x-captcha-action': 'payment_token' },
  });
  if (token.status !== 200) throw new Error(`payment token: ${token.status} ${JSON.stringify(token.body)}`);
  const tokenized = await json(`${base}/api/public/payment/sandbox/tokenize`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${String(token.body.clientToken)}` },
    body: JSON.stringify(validCard()),
  });
  if (tokenized.status !== 200) throw new Error(`tokenize: ${tokenized.status} ${JSON.stringify(tokenized.body)}`);
  const order = await json(`${base}/api/public/payment/checkout`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
      'x-captcha-token': await captchaToken(base),
      'x-captcha-action': 'checkout',
    },
    body: JSON.stringify(checkoutBody(String(tokenized.body.nonce))),
  });
  if (order.status !== 200) throw new Error(`checkout: ${order.status} ${JSON.stringify(order.body)}`);
  return { orderId: String(order.body.orderId), transactionId: String(order.body.transactionId) };
}

/** The image's HEALTHCHECK command, as the arguments `podman exec` runs; throws when the image has none. */
function healthcheckCommand(): string[] {
  const raw = podman(['image', 'inspect', IMAGE, '--format', '{{json .HealthCheck}}'], { quiet: true });
  const test: unknown = raw.trim() === 'null' ? undefined : JSON.parse(raw).Test;
  if (!Array.isArray(test) || test.length < 2) throw new Error(`the image has no HEALTHCHECK: ${raw}`);
  const [form, ...command] = test.map(String);
  return form === 'CMD-SHELL' ? ['sh', '-c', command.join(' ')] : command;
}

/**
 * Until the image's HEALTHCHECK command passes inside the container, run with `podman exec`: podman
 * schedules health checks with systemd timers, absent in this sandbox (containers run with
 * --no-healthcheck, so podman does not try).
 */
async function waitHealthy(name: string, command: string[], timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const check = spawnSync('podman', [...PODMAN, 'exec', name, ...command], { encoding: 'utf8' });
    if (check.status === 0) return;
    const state = podman(['inspect', '--format', '{{.State.Status}}', name], { quiet: true }).trim();
    if (state !== 'running' || Date.now() > deadline) {
      throw new Error(`${name} is not healthy (${state}):\n${podman(['logs', name], { quiet: true })}`);
    }
    await new Promise((r) => setTimeout(r, 1_000));
  }
}

async function main(): Promise<void> {
  if (spawnSync('podman', ['--version']).status !== 0) skip('podman not found (apt-get install -y podman runc)');
  // The Dockerfile's one base (built with this Node's major, below); the script makes it from debian:bookworm-slim.
  const bases = [`docker.io/library/node:${NODE_MAJOR}-bookworm-slim`];
  const missing = bases.filter((image) => spawnSync('podman', [...PODMAN, 'image', 'exists', image]).status !== 0);
  if (missing.length > 0) {
    // Podman is here, so the image must be proven: a missing base image is a failure, never a skip.
    const fix = `sudo scripts/podman-base-images.sh (no registry reachable) or podman pull ${missing.join(' ')}`;
    if (process.getuid?.() !== 0) fail(`base images missing (${missing.join(', ')}) and not root to make them: ${fix}`);
    step(`making the base images (${missing.join(', ')}) with scripts/podman-base-images.sh`);
    const made = spawnSync('bash', [join(REPO_ROOT, 'scripts/podman-base-images.sh')], { stdio: 'inherit' });
    if (made.status !== 0) {
      fail(
        `scripts/podman-base-images.sh failed (exit ${made.status ?? made.signal}): base images missing (${missing.join(', ')})`,
      );
    }
  }
  const postgres = await startThrowawayPostgres();
  if (!postgres) skip('PostgreSQL (initdb/pg_ctl) not found');
  if (!psqlFound()) {
    postgres.stop();
    skip('psql not found (the database roles are made with it)');
  }

  const started: string[] = [];
  const dataDirs: string[] = [];
  try {
    step(`podman build --build-arg NODE_MAJOR=${NODE_MAJOR} -t ${IMAGE} .`);
    // The docker format keeps HEALTHCHECK (OCI images, podman's default, drop it). NODE_MAJOR: the
    // base image checked (and made) above, this machine's Node, which the Dockerfile allows (20 or 22).
    podman(['build', '--format', 'docker', ...LIMITS, '--build-arg', `NODE_MAJOR=${NODE_MAJOR}`, '-t', IMAGE, '.']);
    const healthcheck = healthcheckCommand();

    step('database roles: deploy/postgres-roles.sql makes the migrate owner and the app role');
    const roles = newRoles(postgres.url, randomUUID().slice(0, 8).replaceAll('-', ''));
    applyRolesSql(postgres.url, roles);

    const run = (name: string, role: string, port: number, dataDir: string, detach = true) => {
      // No health timer (podman's needs systemd, absent here): waitHealthy runs the image's check itself.
      const args = ['run', ...LIMITS, '--no-healthcheck', '--name', name, ...(detach ? ['-d'] : ['--rm'])];
      const env = {
        // The app role for web and worker; the migrate role for the migrations only.
        DATABASE_URL: roles.appUrl,
        MIGRATE_DATABASE_URL: roles.migrateUrl,
        HOST: '127.0.0.1',
        PORT: String(port),
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN_ACCOUNT_PASSWORD,
        ADMIN_REPORT_KEY: ADMIN.password,
        LOG_LEVEL: 'warn',
        // The image is a production deployment: this test runs it as a staging site (sandbox
        // payments, mail to files, a generated secret, no proxy), each allowed explicitly.
        ALLOW_SANDBOX_PAYMENTS: '1',
        ALLOW_MAIL_FILES: '1',
        ALLOW_GENERATED_SESSION_SECRET: '1',
        ALLOW_PLAIN_HTTP: '1',
        // The image ships config/site.json's example EIN and CRA number.
        ALLOW_SAMPLE_TAX_IDENTIFIERS: '1',
        // No ALLOWED_HOSTS: the default answers 127.0.0.1 on any port, which is how this test calls.
      };
      for (const [key, value] of Object.entries(env)) args.push('-e', `${key}=${value}`);
      args.push('-v', `${dataDir}:/app/data`, IMAGE, role);
      if (detach) started.push(name);
      return podman(args);
    };
    const dataDir = () => {
      const dir = mkdtempSync(join(tmpdir(), 'image-test-'));
      // The image runs as `node` (uid 1000), not as the owner of this directory.
      chmodSync(dir, 0o777);
      dataDirs.push(dir);
      return dir;
    };
    const suffix = randomUUID().slice(0, 8);

    step('the image is a production deployment: without its settings it refuses to start, naming each');
    const bare = spawnSync(
      'podman',
      [...PODMAN, 'run', ...LIMITS, '--rm', '--no-healthcheck', '-e', `DATABASE_URL=${roles.appUrl}`, IMAGE, 'web'],
      { cwd: REPO_ROOT, encoding: 'utf8' },
    );
    if (bare.status !== 1 || !/DEPLOYMENT=production refuses to start:\nPAYMENT_GATEWAY: /.test(bare.stderr)) {
      throw new Error(`expected exit 1 with the production problems, got ${bare.status}:\n${bare.stderr}`);
    }

    step('migrate role: applies the migrations and exits 0');
    run(`store-migrate-${suffix}`, 'migrate', await freePort(), dataDir(), false);

    const [portA, portB, portWorker] = [await freePort(), await freePort(), await freePort()];
    const workerDir = dataDir();
    run(`store-web-a-${suffix}`, 'web', portA, dataDir());
    run(`store-web-b-${suffix}`, 'web', portB, dataDir());
    run(`store-worker-${suffix}`, 'worker', portWorker, workerDir);
    for (const name of started) {
      await waitHealthy(name, healthcheck);
      step(`${name}: HEALTHCHECK passes`);
    }
    const worker = await json(`http://127.0.0.1:${portWorker}/api/public/catalogue`);
    if (worker.status !== 404) throw new Error(`the worker serves the API (${worker.status})`);

    step(`checkout through web A (port ${portA})`);
    const order = await placeCheckout(`http://127.0.0.1:${portA}`);
    step(`order ${order.orderId} charged (${order.transactionId}); reading the report through web B (port ${portB})`);
    const report = await json(`http://127.0.0.1:${portB}/api/report-data?limit=50`, {
      headers: { authorization: basicAuthorization(ADMIN) },
    });
    if (report.status !== 200) throw new Error(`report: ${report.status} ${JSON.stringify(report.body)}`);
    const donor = reportResponseSchema.parse(report.body).donors.find((d) => d.orderId === order.orderId);
    if (!donor) throw new Error(`order ${order.orderId} is not in the report`);
    step(`the report shows it: ${donor.orderId}`);

    // The worker polls the outbox every 5 s; after 15 s more, a second copy would have been written.
    const outbox = join(workerDir, 'outbox');
    const receipts = () => {
      try {
        return readdirSync(outbox).filter((f) => f.endsWith('.eml'));
      } catch {
        return [];
      }
    };
    const deadline = Date.now() + 30_000;
    while (receipts().length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 500));
    await new Promise((r) => setTimeout(r, 15_000));
    const files = receipts();
    const eml = files[0] ? readFileSync(join(outbox, files[0]), 'utf8') : '';
    if (files.length !== 1 || !eml.includes('asha@example.org')) {
      throw new Error(`expected one receipt in the worker's outbox, found ${files.length}`);
    }
    step('the worker sent exactly one receipt');

    // A production deployment allowed the sandbox's payments is a test site, on every page.
    const page = await (await fetch(`http://127.0.0.1:${portA}/checkout`)).text();
    if (!page.includes('<strong>Test site:</strong> no card is charged.'))
      throw new Error('no test-site banner on /checkout');
    step("a test site: every page says 'Test site: no card is charged.'");

    step('the app role the replicas run as cannot empty the audit log, nor unguard it');
    for (const statement of [
      'truncate audit_log',
      'drop trigger audit_log_no_change on audit_log',
      'delete from audit_log',
    ]) {
      const client = new pg.Client({ connectionString: roles.appUrl });
      await client.connect();
      const refused = await client.query(statement).then(
        () => false,
        () => true,
      );
      await client.end();
      if (!refused) throw new Error(`the app role could run: ${statement}`);
    }
    console.log('\nimage test passed\n');
  } finally {
    for (const name of started) spawnSync('podman', [...PODMAN, 'rm', '-f', '-t', '5', name], { stdio: 'ignore' });
    postgres.stop();
    // Written by the container's user: removable by root (this test's user where it runs).
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }
}

await main();
