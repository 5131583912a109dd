import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const braintree = {
  BRAINTREE_ENVIRONMENT: 'sandbox',
  BRAINTREE_MERCHANT_ID: 'merchant',
  BRAINTREE_PUBLIC_KEY: 'public',
  BRAINTREE_PRIVATE_KEY: 'private',
};

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config.host).toBe('127.0.0.1');
    expect(config.port).toBe(8080);
    expect(config.dataDir).toBe(resolve(process.cwd(), 'data'));
    expect(config.database).toEqual({ kind: 'pglite', dataDir: resolve(process.cwd(), 'data', 'pglite') });
    expect(config.payment).toEqual({ gateway: 'sandbox' });
    expect(config.captcha).toEqual({ provider: 'altcha' });
    expect(config.smtpUrl).toBeUndefined();
    expect(config.admin).toBeUndefined();
    expect(config.sessionSecret).toBeUndefined();
    expect(config.logLevel).toBe('info');
    expect(config.trustProxy).toBe(false);
    expect(config.siteConfigPath).toMatch(/config\/site\.json$/);
    expect(config.webDist).toMatch(/apps\/web\/dist$/);
  });

  it('finds config/site.json from its own location, whatever the current directory', () => {
    expect(loadConfig({}).siteConfigPath).toBe(resolve(import.meta.dirname, '../../../config/site.json'));
  });

  it('names PORT when it is not a port', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT must be a whole number/);
    expect(() => loadConfig({ PORT: '80.5' })).toThrow(/PORT/);
  });

  it('names every bad variable at once', () => {
    expect(() => loadConfig({ PORT: 'x', LOG_LEVEL: 'loud', CAPTCHA_PROVIDER: 'hcaptcha' })).toThrow(
      /PORT.*CAPTCHA_PROVIDER.*LOG_LEVEL/,
    );
  });

  it('runs every role in one process unless ROLE says otherwise', () => {
    expect(loadConfig({}).role).toBe('all');
    expect(loadConfig({ ROLE: 'migrate' }).role).toBe('migrate');
    const url = 'postgres://app@db:5432/store';
    expect(loadConfig({ ROLE: 'web', DATABASE_URL: url }).role).toBe('web');
    expect(loadConfig({ ROLE: 'worker', DATABASE_URL: url }).role).toBe('worker');
  });

  it('names ROLE when it is not a role, or when web / worker have no PostgreSQL to share', () => {
    expect(() => loadConfig({ ROLE: 'api' })).toThrow(
      'Invalid environment: ROLE must be one of all, web, worker, migrate',
    );
    expect(() => loadConfig({ ROLE: 'web' })).toThrow(
      'Invalid environment: ROLE=web needs DATABASE_URL (PGlite is single-process: use ROLE=all)',
    );
    expect(() => loadConfig({ ROLE: 'worker' })).toThrow(/ROLE=worker needs DATABASE_URL/);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(8080);
    expect(loadConfig({ DATABASE_URL: '' }).database.kind).toBe('pglite');
  });

  it('configures Google sign-in only with both credentials, with Google endpoints by default', () => {
    expect(loadConfig({}).google).toBeUndefined();
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'id' })).toThrow(/GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET/);
    expect(loadConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' }).google).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      redirectUri: undefined,
      authorizationUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
      tokenUrl: 'https://oauth2.googleapis.com/token',
      userinfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
    });
    const local = loadConfig({
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      GOOGLE_REDIRECT_URI: 'https://shop.example.org/auth/google/callback',
      GOOGLE_TOKEN_URL: 'http://127.0.0.1:4000/token',
    }).google;
    expect(local).toMatchObject({
      redirectUri: 'https://shop.example.org/auth/google/callback',
      tokenUrl: 'http://127.0.0.1:4000/token',
    });
    expect(() => loadConfig({ GOOGLE_USERINFO_URL: 'ftp://x' })).toThrow(/GOOGLE_USERINFO_URL must be an http/);
  });

  it('reads ALLOWED_ORIGINS as a list of exact origins', () => {
    expect(loadConfig({}).allowedOrigins).toEqual([]);
    expect(loadConfig({ ALLOWED_ORIGINS: 'https://www.example.org, http://127.0.0.1:5173' }).allowedOrigins).toEqual([
      'https://www.example.org',
      'http://127.0.0.1:5173',
    ]);
    for (const bad of ['https://www.example.org/', 'www.example.org', 'https://x.org/path', 'null']) {
      expect(() => loadConfig({ ALLOWED_ORIGINS: bad })).toThrow(/ALLOWED_ORIGINS/);
    }
  });

  it('reads ALLOWED_HOSTS; unset, the names the server listens on (any port) and the configured origins', () => {
    const local = ['localhost:*', '127.0.0.1:*', '[::1]:*'];
    // In every environment: a DNS-rebinding page is refused on `npm start` too.
    expect(loadConfig({}).allowedHosts).toEqual(local);
    expect(loadConfig({ NODE_ENV: 'production', PORT: '8080' }).allowedHosts).toEqual(local);
    expect(loadConfig({ HOST: '0.0.0.0' }).allowedHosts).toEqual([...local, '0.0.0.0:*']);
    expect(loadConfig({ HOST: '::1' }).allowedHosts).toEqual(local);
    expect(loadConfig({ HOST: 'Store.LAN' }).allowedHosts).toEqual([...local, 'store.lan:*']);
    expect(
      loadConfig({ ALLOWED_HOSTS: 'WWW.Example.org, example.org:8443, shop.example.org:443' }).allowedHosts,
    ).toEqual(['www.example.org', 'example.org:8443', 'shop.example.org']);
    expect(loadConfig({ ALLOWED_HOSTS: '*' }).allowedHosts).toBeUndefined();
    expect(
      loadConfig({
        HOST: '10.0.0.5',
        PORT: '3000',
        ALLOWED_ORIGINS: 'https://www.example.org',
        AUTH_BASE_URL: 'https://id.example.org/auth',
      }).allowedHosts,
    ).toEqual(['www.example.org', 'id.example.org', ...local, '10.0.0.5:*']);
    for (const bad of ['https://www.example.org', 'www.example.org/path', 'a b']) {
      expect(() => loadConfig({ ALLOWED_HOSTS: bad })).toThrow(/ALLOWED_HOSTS/);
    }
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const url = 'postgres://app@db.example:5432/store';
    expect(loadConfig({ DATABASE_URL: url }).database).toEqual({ kind: 'postgres', url });
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  });

  it("migrates as MIGRATE_DATABASE_URL's role when set, which needs DATABASE_URL beside it", () => {
    const owner = 'postgres://store_migrate@db.example:5432/store';
    const app = 'postgres://store_app@db.example:5432/store';
    expect(loadConfig({ DATABASE_URL: app }).migrateDatabaseUrl).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: app, MIGRATE_DATABASE_URL: owner })).toMatchObject({
      database: { kind: 'postgres', url: app },
      migrateDatabaseUrl: owner,
    });
    expect(() => loadConfig({ MIGRATE_DATABASE_URL: owner })).toThrow('MIGRATE_DATABASE_URL needs DATABASE_URL');
    expect(() => loadConfig({ DATABASE_URL: app, MIGRATE_DATABASE_URL: 'x' })).toThrow(/MIGRATE_DATABASE_URL/);
  });

  it('picks the sandbox gateway unless every Braintree credential is set', () => {
    expect(loadConfig({}).payment.gateway).toBe('sandbox');
    expect(loadConfig(braintree).payment).toEqual({
      gateway: 'braintree',
      braintree: { environment: 'sandbox', merchantId: 'merchant', publicKey: 'public', privateKey: 'private' },
    });
    expect(loadConfig({ ...braintree, PAYMENT_GATEWAY: 'sandbox' }).payment.gateway).toBe('sandbox');
  });

  it('refuses a half-configured Braintree and names what is missing', () => {
    expect(() => loadConfig({ BRAINTREE_MERCHANT_ID: 'm' })).toThrow(/BRAINTREE_PRIVATE_KEY/);
    expect(() => loadConfig({ PAYMENT_GATEWAY: 'braintree' })).toThrow(/PAYMENT_GATEWAY=braintree needs/);
    expect(() => loadConfig({ PAYMENT_GATEWAY: 'stripe' })).toThrow(/PAYMENT_GATEWAY/);
  });

  it('needs both reCAPTCHA keys for the recaptcha provider', () => {
    expect(() => loadConfig({ CAPTCHA_PROVIDER: 'recaptcha' })).toThrow(/RECAPTCHA_SECRET_KEY/);
    expect(
      loadConfig({ CAPTCHA_PROVIDER: 'recaptcha', RECAPTCHA_SITE_KEY: 's', RECAPTCHA_SECRET_KEY: 'k' }).captcha,
    ).toEqual({ provider: 'recaptcha', siteKey: 's', secretKey: 'k', minScore: 0.5 });
    expect(loadConfig({ CAPTCHA_PROVIDER: 'off' }).captcha).toEqual({ provider: 'off' });
  });

  it('takes RECAPTCHA_MIN_SCORE from 0 to 1', () => {
    const recaptcha = { CAPTCHA_PROVIDER: 'recaptcha', RECAPTCHA_SITE_KEY: 's', RECAPTCHA_SECRET_KEY: 'k' };
    expect(loadConfig({ ...recaptcha, RECAPTCHA_MIN_SCORE: '0.7' }).captcha).toMatchObject({ minScore: 0.7 });
    expect(loadConfig({ ...recaptcha, RECAPTCHA_MIN_SCORE: '0' }).captcha).toMatchObject({ minScore: 0 });
    for (const bad of ['1.5', '-0.1', 'high']) {
      expect(() => loadConfig({ ...recaptcha, RECAPTCHA_MIN_SCORE: bad })).toThrow(
        /RECAPTCHA_MIN_SCORE must be a number from 0 to 1/,
      );
    }
  });

  it('takes OPEN_TAX_YEARS from 1 to 10, this year and last by default', () => {
    expect(loadConfig({}).openTaxYears).toBe(2);
    expect(loadConfig({ OPEN_TAX_YEARS: '4' }).openTaxYears).toBe(4);
    for (const bad of ['0', '11', '1.5', 'two']) {
      expect(() => loadConfig({ OPEN_TAX_YEARS: bad })).toThrow(/OPEN_TAX_YEARS must be a whole number of years/);
    }
  });

  it('takes ADMIN_USERNAME and ADMIN_PASSWORD together only', () => {
    expect(loadConfig({ ADMIN_USERNAME: 'ops', ADMIN_PASSWORD: 'a long pass ' }).admin).toEqual({
      username: 'ops',
      password: 'a long pass ',
    });
    expect(() => loadConfig({ ADMIN_USERNAME: 'ops' })).toThrow(/ADMIN_USERNAME and ADMIN_PASSWORD/);
  });

  it('takes ADMIN_REPORT_KEY shaped as a report key, with the administrator it belongs to', () => {
    const reportKey = `rk_${'A1b2_-'.repeat(5)}`;
    expect(
      loadConfig({ ADMIN_USERNAME: 'ops', ADMIN_PASSWORD: 'a long pass ', ADMIN_REPORT_KEY: reportKey }).admin,
    ).toEqual({ username: 'ops', password: 'a long pass ', reportKey });
    expect(() => loadConfig({ ADMIN_REPORT_KEY: reportKey })).toThrow(/ADMIN_REPORT_KEY needs ADMIN_USERNAME/);
    expect(() =>
      loadConfig({ ADMIN_USERNAME: 'ops', ADMIN_PASSWORD: 'a long pass ', ADMIN_REPORT_KEY: 'a long pass ' }),
    ).toThrow(/ADMIN_REPORT_KEY must be rk_/);
  });

  it('never echoes a secret value in its error', () => {
    const secret = 'short-secret';
    expect(() => loadConfig({ SESSION_SECRET: secret })).toThrow(/SESSION_SECRET must be at least 32/);
    try {
      loadConfig({ SESSION_SECRET: secret });
    } catch (error) {
      expect(String(error)).not.toContain(secret);
    }
  });

  it('takes TICKET_SIGNING_KEY as a PKCS#8 PEM or a 32-byte seed, and refuses anything else without echoing it', () => {
    const pem = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    expect(loadConfig({ TICKET_SIGNING_KEY: pem }).ticketSigningKey).toBe(pem.trim());
    const oneLine = pem.trim().replace(/\n/g, '\\n');
    expect(loadConfig({ TICKET_SIGNING_KEY: oneLine }).ticketSigningKey).toBe(oneLine);
    const seed = randomBytes(32).toString('base64url');
    expect(loadConfig({ TICKET_SIGNING_KEY: seed }).ticketSigningKey).toBe(seed);
    expect(loadConfig({}).ticketSigningKey).toBeUndefined();
    const wrong = 'not-a-key-at-all';
    expect(() => loadConfig({ TICKET_SIGNING_KEY: wrong })).toThrow(/TICKET_SIGNING_KEY must be a PKCS#8 PEM/);
    try {
      loadConfig({ TICKET_SIGNING_KEY: wrong });
    } catch (error) {
      expect(String(error)).not.toContain(wrong);
    }
  });

  it('checks SMTP_URL and resolves relative paths against the current directory', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL/);
    const config = loadConfig({ DATA_DIR: 'var/store', WEB_DIST: 'web', SITE_CONFIG: '/etc/site.json' });
    expect(config.dataDir).toBe(resolve(process.cwd(), 'var/store'));
    expect(config.webDist).toBe(resolve(process.cwd(), 'web'));
    expect(config.siteConfigPath).toBe('/etc/site.json');
  });

  it('takes MAIL_FROM as one address, with or without a name', () => {
    expect(loadConfig({}).mailFrom).toBeUndefined();
    expect(loadConfig({ MAIL_FROM: 'receipts@example.org' }).mailFrom).toBe('receipts@example.org');
    expect(loadConfig({ MAIL_FROM: 'The Foundation <receipts@example.org>' }).mailFrom).toBe(
      'The Foundation <receipts@example.org>',
    );
    expect(() => loadConfig({ MAIL_FROM: 'receipts' })).toThrow(/MAIL_FROM/);
    expect(() => loadConfig({ MAIL_FROM: 'a@b.org, c@d.org' })).toThrow(/MAIL_FROM/);
    expect(() => loadConfig({ MAIL_FROM: 'X\r\nBcc: <a@b.org>' })).toThrow(/MAIL_FROM/);
  });

  it('reads TRUST_PROXY as a flag, a hop count or addresses', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe('10.0.0.0/8, 127.0.0.1');
    expect(() => loadConfig({ TRUST_PROXY: 'yes please!' })).toThrow(/TRUST_PROXY/);
  });

  it('turns metrics and tracing on only when their settings are given', () => {
    expect(loadConfig({})).toMatchObject({ metricsToken: undefined, tracing: undefined });
    const on = loadConfig({ METRICS_TOKEN: 'a-long-enough-token', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://otel:4318' });
    expect(on.metricsToken).toBe('a-long-enough-token');
    expect(on.tracing).toEqual({ endpoint: 'http://otel:4318', serviceName: 'donation-store' });
    expect(
      loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'https://o.example', OTEL_SERVICE_NAME: 'store-eu' }).tracing,
    ).toEqual({ endpoint: 'https://o.example', serviceName: 'store-eu' });
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least 16 characters/);
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'otel:4318' })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT/);
  });
});
