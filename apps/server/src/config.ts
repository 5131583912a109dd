/**
 * Every environment variable the server reads, parsed once, here (DESIGN.md "Configuration").
 * Nothing else in the server reads `process.env`: modules get the typed `Config` object.
 * A bad value throws an Error naming the variable (never echoing its value: it may be a secret).
 */
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_OPEN_TAX_YEARS } from '@store/shared/offline-gift-dates';
import { REPORT_KEY_PATTERN } from '@store/shared/report-keys';
import { z } from 'zod';
import { ANY_PORT, normalHost } from '#src/lib/host-name';

/** apps/server/src -> repository root. Resolved from this file so the server can start from any cwd. */
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * What this process does (ROLE; docs/operations.md "Container image and compose"): `all` is the one
 * process `npm start` runs; `web` serves HTTP only, `worker` runs the mail outbox and the scheduled
 * jobs, `migrate` applies the migrations and exits.
 */
export const ROLES = ['all', 'web', 'worker', 'migrate'] as const;
export type Role = (typeof ROLES)[number];

const BRAINTREE_VARS = [
  'BRAINTREE_ENVIRONMENT',
  'BRAINTREE_MERCHANT_ID',
  'BRAINTREE_PUBLIC_KEY',
  'BRAINTREE_PRIVATE_KEY',
] as const;

const optionalText = z.string().optional();
const httpUrl = z.string().regex(/^https?:\/\/[^\s#]+$/, 'must be an http(s):// URL');

/** ALLOW_*: 1 (or true) allows what a production deployment otherwise refuses (production-checks.ts). */
const allowFlag = z
  .enum(['0', '1', 'true', 'false'], { error: 'must be 1 or 0' })
  .transform((value) => value === '1' || value === 'true')
  .default(false);

const envSchema = z.object({
  // production: the start refuses a sandbox gateway, captcha off, mail to files, a generated session
  // secret and plain HTTP, each unless its ALLOW_* says so (a staging site). See production-checks.ts.
  // Unset: production when NODE_ENV=production (what hosting platforms set), development otherwise.
  DEPLOYMENT: z.enum(['development', 'production'], { error: 'must be development or production' }).optional(),
  ALLOW_SANDBOX_PAYMENTS: allowFlag,
  ALLOW_CAPTCHA_OFF: allowFlag,
  ALLOW_MAIL_FILES: allowFlag,
  ALLOW_GENERATED_SESSION_SECRET: allowFlag,
  ALLOW_PLAIN_HTTP: allowFlag,
  ALLOW_SAMPLE_TAX_IDENTIFIERS: allowFlag,
  ROLE: z.enum(ROLES, { error: `must be one of ${ROLES.join(', ')}` }).default('all'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce
    .number({ error: 'must be a whole number from 0 to 65535' })
    .int('must be a whole number from 0 to 65535')
    .min(0, 'must be a whole number from 0 to 65535')
    .max(65535, 'must be a whole number from 0 to 65535')
    .default(8080),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  // The schema owner's URL for the migrations (deploy/postgres-roles.sql); unset, DATABASE_URL's.
  MIGRATE_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  PAYMENT_GATEWAY: z.enum(['sandbox', 'braintree'], { error: 'must be sandbox or braintree' }).optional(),
  // Issue 21: a sandbox sale counts as settled this long after its capture; before, it can only be
  // voided whole (as at Braintree, where settlement takes about a day).
  SANDBOX_SETTLEMENT_SECONDS: z.coerce
    .number({ error: 'must be a whole number of seconds' })
    .int('must be a whole number of seconds')
    .min(0, 'must be a whole number of seconds')
    .max(31_536_000, 'must be at most a year (31536000)')
    .default(60),
  // For tests only (a production deployment refuses it): how old a pending order must be before the
  // reconciler asks the gateway about it, instead of DEFAULT_PENDING_AGE_MS. The crash suite sets it
  // on its last start, after the load has stopped, so that it need not wait a minute for the orders
  // its kills left pending; reconcile.test.ts keeps the real age.
  TEST_RECONCILE_AFTER_SECONDS: z.coerce
    .number({ error: 'must be a whole number of seconds' })
    .int('must be a whole number of seconds')
    .min(0, 'must be a whole number of seconds')
    .max(3600, 'must be at most an hour (3600)')
    .optional(),
  // How many tax years, this one included, take offline gifts dated in them (2: this year and last).
  OPEN_TAX_YEARS: z.coerce
    .number({ error: 'must be a whole number of years from 1 to 10' })
    .int('must be a whole number of years from 1 to 10')
    .min(1, 'must be a whole number of years from 1 to 10')
    .max(10, 'must be a whole number of years from 1 to 10')
    .default(DEFAULT_OPEN_TAX_YEARS),
  BILLING_INTERVAL_MINUTES: z.coerce
    .number({ error: 'must be a whole number of minutes' })
    .int('must be a whole number of minutes')
    .min(1, 'must be at least 1 minute')
    .max(1440, 'must be at most a day (1440)')
    .default(60),
  BRAINTREE_ENVIRONMENT: z
    .enum(['sandbox', 'production'], { error: 'must be sandbox or production (Braintree environments)' })
    .optional(),
  BRAINTREE_MERCHANT_ID: optionalText,
  BRAINTREE_PUBLIC_KEY: optionalText,
  BRAINTREE_PRIVATE_KEY: optionalText,
  CAPTCHA_PROVIDER: z
    .enum(['altcha', 'recaptcha', 'off'], { error: 'must be altcha, recaptcha or off' })
    .default('altcha'),
  RECAPTCHA_SITE_KEY: optionalText,
  RECAPTCHA_SECRET_KEY: optionalText,
  // reCAPTCHA v3 scores run from 0.0 (a bot) to 1.0 (a person); Google suggests 0.5 to start with.
  RECAPTCHA_MIN_SCORE: z.coerce
    .number({ error: 'must be a number from 0 to 1' })
    .min(0, 'must be a number from 0 to 1')
    .max(1, 'must be a number from 0 to 1')
    .default(0.5),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/\S+$/, 'must be an smtp:// or smtps:// URL')
    .optional(),
  // One address, bare or with a display name; no line breaks (it becomes a header).
  MAIL_FROM: z
    .string()
    .regex(
      /^(?:[^<>@\r\n]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/,
      'must be an e-mail address, optionally with a name: Name <receipts@example.org>',
    )
    .optional(),
  ADMIN_USERNAME: optionalText,
  ADMIN_PASSWORD: optionalText,
  ADMIN_REPORT_KEY: z
    .string()
    .regex(REPORT_KEY_PATTERN, 'must be rk_ followed by at least 22 random letters, digits, - or _')
    .optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters long').optional(),
  // The tickets' Ed25519 signing key: a PKCS#8 PEM, or its 32-byte seed in base64url (43 characters).
  TICKET_SIGNING_KEY: z
    .string()
    .trim()
    .regex(
      /^([A-Za-z0-9_-]{43}|-----BEGIN PRIVATE KEY-----[A-Za-z0-9+/=\s\\n]+-----END PRIVATE KEY-----)$/,
      'must be a PKCS#8 PEM (-----BEGIN PRIVATE KEY-----) or a 32-byte seed in base64url (43 characters)',
    )
    .optional(),
  SITE_CONFIG: optionalText,
  WEB_DIST: optionalText,
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  TRUST_PROXY: optionalText,
  // Where the browser finds the auth server: a path on this origin, or another origin's URL.
  AUTH_BASE_URL: z
    .string()
    .regex(/^(\/[\w\-./]*|https?:\/\/[^\s?#]+)$/, 'must be a path like /auth or an http(s):// URL')
    .transform((value) => value.replace(/\/+$/, '') || '/')
    .default('/auth'),
  // Other origins whose pages may call the auth server with cookies (comma separated), e.g. the
  // site's origin when AUTH_BASE_URL puts the auth server on another one.
  ALLOWED_ORIGINS: optionalText,
  // Host names (host[:port]) the server answers for; `*` for any. See allowedHostsConfig.
  ALLOWED_HOSTS: optionalText,
  NODE_ENV: optionalText,
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  GOOGLE_REDIRECT_URI: httpUrl.optional(),
  // Google's endpoints; tests and the end-to-end run point them at a local fake (apps/server/test).
  GOOGLE_AUTHORIZATION_URL: httpUrl.default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: httpUrl.default('https://oauth2.googleapis.com/token'),
  GOOGLE_USERINFO_URL: httpUrl.default('https://openidconnect.googleapis.com/v1/userinfo'),
  // Unset: no /metrics (404). Set: Prometheus scrapes with it (modules/metrics).
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters long').optional(),
  // Set: OpenTelemetry tracing to this OTLP collector (tracing.ts); the SDK reads the other OTEL_* itself.
  OTEL_EXPORTER_OTLP_ENDPOINT: httpUrl.optional(),
  OTEL_SERVICE_NAME: z.string().default('donation-store'),
});
type Env = z.infer<typeof envSchema>;

/**
 * Every variable an operator may set: .env.example must list each (test/env-example.test.ts). The
 * TEST_* ones are for the test suite alone, and a production deployment refuses them.
 */
export const ENV_NAMES: readonly string[] = Object.keys(envSchema.shape).filter((name) => !name.startsWith('TEST_'));

export type BraintreeConfig = {
  environment: 'sandbox' | 'production';
  merchantId: string;
  publicKey: string;
  privateKey: string;
};

export type PaymentConfig = { gateway: 'sandbox' } | { gateway: 'braintree'; braintree: BraintreeConfig };

export type CaptchaConfig =
  | { provider: 'altcha' }
  | { provider: 'recaptcha'; siteKey: string; secretKey: string; minScore: number }
  | { provider: 'off' };

/** Google sign-in (GOOGLE_*): unset when GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are not both set. */
export type GoogleConfig = {
  clientId: string;
  clientSecret: string;
  /** Unset: `<the request's origin><auth base path>/google/callback`. */
  redirectUri: string | undefined;
  authorizationUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
};

export type DatabaseConfig = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };

/** Fastify's `trustProxy`: off, on (trust every hop), a hop count, or a list of addresses / CIDRs. */
export type TrustProxy = boolean | number | string;

export type Config = {
  /**
   * DEPLOYMENT; unset, production when NODE_ENV=production, else development. Production fails
   * closed (production-checks.ts).
   */
  deployment: 'development' | 'production';
  /** The variable that made this deployment what it is, for the messages that refuse a start. */
  deploymentSetBy: 'DEPLOYMENT' | 'NODE_ENV';
  /** The ALLOW_* exceptions a staging site takes to production's checks. */
  allow: {
    sandboxPayments: boolean;
    captchaOff: boolean;
    mailFiles: boolean;
    generatedSessionSecret: boolean;
    plainHttp: boolean;
    /** site.json's example EIN and CRA registration number on receipts. */
    sampleTaxIdentifiers: boolean;
  };
  /** ROLE (default `all`). `web` and `worker` need PostgreSQL: PGlite is single-process. */
  role: Role;
  host: string;
  port: number;
  /** Absolute. PGlite files, e-mail outbox, initial admin password. */
  dataDir: string;
  database: DatabaseConfig;
  /**
   * MIGRATE_DATABASE_URL: the migrations connect as the schema's owner with it, while the rest runs
   * as DATABASE_URL's role, which may only read and write rows. Unset: DATABASE_URL migrates too.
   */
  migrateDatabaseUrl: string | undefined;
  payment: PaymentConfig;
  /** SANDBOX_SETTLEMENT_SECONDS (default 60): when a sandbox sale counts as settled (refunds, issue 21). */
  sandboxSettlementSeconds: number;
  /**
   * OPEN_TAX_YEARS (default 2): offline gifts may be dated in this many tax years, this one (the
   * foundation's zone) included, and not after today.
   */
  openTaxYears: number;
  /** BILLING_INTERVAL_MINUTES (default 60): how often the worker's billing run charges the monthly gifts due (issue 22). */
  billingIntervalMinutes: number;
  /** TEST_RECONCILE_AFTER_SECONDS (tests only): the reconciler's pending age in milliseconds; unset, its real one. */
  testReconcileAfterMs: number | undefined;
  captcha: CaptchaConfig;
  /** Unset: e-mails are written as .eml files under `dataDir/outbox`. */
  smtpUrl: string | undefined;
  /** MAIL_FROM. Unset: `<foundation name> <receipts@localhost>` (modules/mail/transport.ts). */
  mailFrom: string | undefined;
  /**
   * ADMIN_USERNAME + ADMIN_PASSWORD: an admin created or updated at start (automation). With
   * ADMIN_REPORT_KEY, that admin's report key too: owners read the report with a key, not the password.
   */
  admin: { username: string; password: string; reportKey?: string | undefined } | undefined;
  /** Unset: generated once and stored in the database (see db/secrets.ts). */
  sessionSecret: string | undefined;
  /** TICKET_SIGNING_KEY. Unset: a seed generated once and stored in the database (see db/secrets.ts). */
  ticketSigningKey: string | undefined;
  /** Absolute path of config/site.json. */
  siteConfigPath: string;
  /** Absolute path of the built web app (apps/web/dist). */
  webDist: string;
  logLevel: LogLevel;
  trustProxy: TrustProxy;
  /** AUTH_BASE_URL (default `/auth`): what the browser calls for accounts (DESIGN.md "HTTP surface"). */
  authBaseUrl: string;
  /**
   * ALLOWED_ORIGINS: origins (scheme://host[:port]) besides the request's own whose pages may call
   * the auth server with cookies; CORS with credentials is answered to them. The first one is the
   * site the auth server sends the browser back to when AUTH_BASE_URL is on another origin.
   */
  allowedOrigins: string[];
  /**
   * ALLOWED_HOSTS: the Host values (lower case, `host`, `host:port`, or `host:*` for any port) the
   * server answers for; other hosts get 421 (the Origin check and Google's redirect URI follow the
   * request's Host). Unset: the local names and HOST on any port, and the configured URLs' hosts
   * (allowedHostsConfig). Undefined only for `ALLOWED_HOSTS=*`: any host.
   */
  allowedHosts: string[] | undefined;
  google: GoogleConfig | undefined;
  /** METRICS_TOKEN: `GET /metrics` is served to a scraper showing it. Unset: no metrics at all. */
  metricsToken: string | undefined;
  /** OTEL_EXPORTER_OTLP_ENDPOINT (+ OTEL_SERVICE_NAME): traces sent there. Unset: no tracing loaded. */
  tracing: { endpoint: string; serviceName: string } | undefined;
};

/** Every message starts the same way so an operator sees at once that the environment is at fault. */
export class ConfigError extends Error {
  override name = 'ConfigError';
  constructor(problem: string) {
    super(`Invalid environment: ${problem}`);
  }
}

/** Docker and shell scripts often pass `VAR=` to mean "not set": treat empty as unset. */
function withoutEmpty(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    // Values are kept as given (not trimmed): a password may legitimately end in a space.
    if (value !== undefined && value.trim() !== '') out[key] = value;
  }
  return out;
}

function parseTrustProxy(raw: string | undefined): TrustProxy {
  if (raw === undefined || raw === 'false') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  // Addresses / CIDRs, comma separated: Fastify (proxy-addr) validates them when the app is built.
  if (/^[\w.:/,\s-]+$/.test(raw)) return raw;
  throw new ConfigError('TRUST_PROXY must be true, false, a hop count, or a comma-separated list of addresses');
}

function paymentConfig(env: Env): PaymentConfig {
  const present = BRAINTREE_VARS.filter((name) => env[name] !== undefined);
  const missing = BRAINTREE_VARS.filter((name) => env[name] === undefined);
  // A half-configured Braintree is a mistake worth stopping for, not a reason to fall back to the sandbox.
  if (present.length > 0 && missing.length > 0) {
    throw new ConfigError(`${missing.join(', ')} must be set too (${present.join(', ')} is set)`);
  }
  const gateway = env.PAYMENT_GATEWAY ?? (missing.length === 0 ? 'braintree' : 'sandbox');
  if (gateway === 'sandbox') return { gateway };
  const { BRAINTREE_ENVIRONMENT, BRAINTREE_MERCHANT_ID, BRAINTREE_PUBLIC_KEY, BRAINTREE_PRIVATE_KEY } = env;
  if (!BRAINTREE_ENVIRONMENT || !BRAINTREE_MERCHANT_ID || !BRAINTREE_PUBLIC_KEY || !BRAINTREE_PRIVATE_KEY) {
    throw new ConfigError(`PAYMENT_GATEWAY=braintree needs ${BRAINTREE_VARS.join(', ')}`);
  }
  return {
    gateway,
    braintree: {
      environment: BRAINTREE_ENVIRONMENT,
      merchantId: BRAINTREE_MERCHANT_ID,
      publicKey: BRAINTREE_PUBLIC_KEY,
      privateKey: BRAINTREE_PRIVATE_KEY,
    },
  };
}

function captchaConfig(env: Env): CaptchaConfig {
  if (env.CAPTCHA_PROVIDER !== 'recaptcha') return { provider: env.CAPTCHA_PROVIDER };
  const { RECAPTCHA_SITE_KEY, RECAPTCHA_SECRET_KEY } = env;
  if (!RECAPTCHA_SITE_KEY || !RECAPTCHA_SECRET_KEY) {
    throw new ConfigError('CAPTCHA_PROVIDER=recaptcha needs RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET_KEY');
  }
  return {
    provider: 'recaptcha',
    siteKey: RECAPTCHA_SITE_KEY,
    secretKey: RECAPTCHA_SECRET_KEY,
    minScore: env.RECAPTCHA_MIN_SCORE,
  };
}

function adminConfig(env: Env): Config['admin'] {
  const { ADMIN_USERNAME, ADMIN_PASSWORD, ADMIN_REPORT_KEY } = env;
  if (ADMIN_USERNAME === undefined && ADMIN_PASSWORD === undefined) {
    if (ADMIN_REPORT_KEY !== undefined)
      throw new ConfigError('ADMIN_REPORT_KEY needs ADMIN_USERNAME and ADMIN_PASSWORD');
    return undefined;
  }
  if (ADMIN_USERNAME === undefined || ADMIN_PASSWORD === undefined) {
    throw new ConfigError('ADMIN_USERNAME and ADMIN_PASSWORD must be set together');
  }
  return { username: ADMIN_USERNAME, password: ADMIN_PASSWORD, reportKey: ADMIN_REPORT_KEY };
}

function parseAllowedOrigins(raw: string | undefined): string[] {
  if (raw === undefined) return [];
  const origins = raw
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  return origins.map((origin) => {
    let url: URL | undefined;
    try {
      url = new URL(origin);
    } catch {
      url = undefined;
    }
    // Exactly an origin: a path or a trailing slash would never equal a browser's Origin header.
    if (!url || !/^https?:$/.test(url.protocol) || url.origin !== origin) {
      throw new ConfigError('ALLOWED_ORIGINS must be comma-separated origins like https://www.example.org');
    }
    return origin;
  });
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).host;
  } catch {
    return undefined;
  }
}

/** The names a server on a loopback or every interface is reached by from its own machine. */
const LOCAL_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/**
 * ALLOWED_HOSTS, or its default: the names the server is known by, so that a page of another name
 * (DNS rebinding: evil.example resolved to 127.0.0.1) is answered 421 and never signs anyone in
 * or has Google's redirect URI follow its Host. The default, in every environment, is localhost,
 * 127.0.0.1, [::1] and HOST's value on any port (`npm start`, `npm run dev`'s proxy, a container's
 * published port: the port a visitor sees is not always PORT), and the hosts of ALLOWED_ORIGINS,
 * AUTH_BASE_URL and GOOGLE_REDIRECT_URI when they are URLs (the site's own names, already
 * configured). A site served under its own name behind a proxy sets ALLOWED_HOSTS=www.example.org.
 */
function allowedHostsConfig(e: Env, allowedOrigins: readonly string[], google: GoogleConfig | undefined) {
  const raw = e.ALLOWED_HOSTS?.trim();
  if (raw === '*') return undefined;
  if (raw !== undefined) {
    return raw
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '')
      .map((part) => {
        const host = normalHost(part);
        if (host === undefined) {
          throw new ConfigError(
            'ALLOWED_HOSTS must be * or comma-separated host names, e.g. www.example.org,example.org:8443',
          );
        }
        return host;
      });
  }
  const urls = [...allowedOrigins, e.AUTH_BASE_URL, google?.redirectUri].filter(
    (url): url is string => url !== undefined && /^https?:\/\//.test(url),
  );
  const listening = normalHost(e.HOST.includes(':') && !e.HOST.startsWith('[') ? `[${e.HOST}]` : e.HOST);
  const anyPort = [...LOCAL_NAMES, ...(listening === undefined ? [] : [listening])].map((name) => `${name}${ANY_PORT}`);
  const hosts = urls
    .map(hostOf)
    .map((host) => (host === undefined ? undefined : normalHost(host)))
    .filter((host): host is string => host !== undefined);
  return [...new Set([...hosts, ...anyPort])];
}

function googleConfig(env: Env): GoogleConfig | undefined {
  const { GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET } = env;
  if (GOOGLE_CLIENT_ID === undefined && GOOGLE_CLIENT_SECRET === undefined) return undefined;
  if (GOOGLE_CLIENT_ID === undefined || GOOGLE_CLIENT_SECRET === undefined) {
    throw new ConfigError('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together');
  }
  return {
    clientId: GOOGLE_CLIENT_ID,
    clientSecret: GOOGLE_CLIENT_SECRET,
    redirectUri: env.GOOGLE_REDIRECT_URI,
    authorizationUrl: env.GOOGLE_AUTHORIZATION_URL,
    tokenUrl: env.GOOGLE_TOKEN_URL,
    userinfoUrl: env.GOOGLE_USERINFO_URL,
  };
}

/**
 * NODE_ENV=production is what hosting platforms and most people set to mean "this is the live site":
 * it fails closed as DEPLOYMENT=production does. Only DEPLOYMENT=development, written out, turns the
 * checks off beside it (a test harness that wants Node's production mode with the sandbox).
 */
function deploymentConfig(e: Env): Pick<Config, 'deployment' | 'deploymentSetBy'> {
  if (e.DEPLOYMENT !== undefined) return { deployment: e.DEPLOYMENT, deploymentSetBy: 'DEPLOYMENT' };
  if (e.NODE_ENV === 'production') return { deployment: 'production', deploymentSetBy: 'NODE_ENV' };
  return { deployment: 'development', deploymentSetBy: 'DEPLOYMENT' };
}

/** Reads the environment once. Relative paths are resolved against the current directory. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(withoutEmpty(env));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
    throw new ConfigError(problems.join('; '));
  }
  const e = parsed.data;
  const cwd = process.cwd();
  const dataDir = resolve(cwd, e.DATA_DIR);
  const allowedOrigins = parseAllowedOrigins(e.ALLOWED_ORIGINS);
  const google = googleConfig(e);
  const fromCwd = (p: string | undefined, fallback: string) =>
    p === undefined ? fallback : isAbsolute(p) ? p : resolve(cwd, p);
  // PGlite is one process per data directory: a web process could not share it with its worker.
  if ((e.ROLE === 'web' || e.ROLE === 'worker') && !e.DATABASE_URL) {
    throw new ConfigError(`ROLE=${e.ROLE} needs DATABASE_URL (PGlite is single-process: use ROLE=all)`);
  }
  if (e.MIGRATE_DATABASE_URL && !e.DATABASE_URL) {
    throw new ConfigError('MIGRATE_DATABASE_URL needs DATABASE_URL (the role the site and the worker connect as)');
  }
  return {
    ...deploymentConfig(e),
    allow: {
      sandboxPayments: e.ALLOW_SANDBOX_PAYMENTS,
      captchaOff: e.ALLOW_CAPTCHA_OFF,
      mailFiles: e.ALLOW_MAIL_FILES,
      generatedSessionSecret: e.ALLOW_GENERATED_SESSION_SECRET,
      plainHttp: e.ALLOW_PLAIN_HTTP,
      sampleTaxIdentifiers: e.ALLOW_SAMPLE_TAX_IDENTIFIERS,
    },
    role: e.ROLE,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'pglite', dataDir: resolve(dataDir, 'pglite') },
    migrateDatabaseUrl: e.MIGRATE_DATABASE_URL,
    payment: paymentConfig(e),
    sandboxSettlementSeconds: e.SANDBOX_SETTLEMENT_SECONDS,
    billingIntervalMinutes: e.BILLING_INTERVAL_MINUTES,
    openTaxYears: e.OPEN_TAX_YEARS,
    testReconcileAfterMs:
      e.TEST_RECONCILE_AFTER_SECONDS === undefined ? undefined : e.TEST_RECONCILE_AFTER_SECONDS * 1000,
    captcha: captchaConfig(e),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    admin: adminConfig(e),
    sessionSecret: e.SESSION_SECRET,
    ticketSigningKey: e.TICKET_SIGNING_KEY,
    siteConfigPath: fromCwd(e.SITE_CONFIG, resolve(REPO_ROOT, 'config/site.json')),
    webDist: fromCwd(e.WEB_DIST, resolve(REPO_ROOT, 'apps/web/dist')),
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    authBaseUrl: e.AUTH_BASE_URL,
    allowedOrigins,
    allowedHosts: allowedHostsConfig(e, allowedOrigins, google),
    google,
    metricsToken: e.METRICS_TOKEN,
    tracing: e.OTEL_EXPORTER_OTLP_ENDPOINT
      ? { endpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: e.OTEL_SERVICE_NAME }
      : undefined,
  };
}
