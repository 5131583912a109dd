import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startupBanner } from './startup-banner';

const dataDir = mkdtempSync(join(tmpdir(), 'banner-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const demo = {
  dataDir,
  database: { kind: 'pglite', dataDir: join(dataDir, 'pglite') },
  payment: { gateway: 'sandbox' },
  captcha: { provider: 'altcha' },
  smtpUrl: undefined,
  deployment: 'development',
  allow: {
    sandboxPayments: false,
    captchaOff: false,
    mailFiles: false,
    generatedSessionSecret: false,
    plainHttp: false,
    sampleTaxIdentifiers: false,
  },
  sessionSecret: undefined,
  trustProxy: false,
} as const;

describe('startupBanner', () => {
  it('tells a new user the address, the routes, the test cards and where mail goes', () => {
    const text = startupBanner({ url: 'http://127.0.0.1:8080', config: demo, admin: { action: 'none' } });
    expect(text).toContain('Donation store is running at http://127.0.0.1:8080/');
    expect(text).toContain('Registration     http://127.0.0.1:8080/registration');
    expect(text).toContain('SANDBOX, no card is charged');
    expect(text).toContain('4000 1111 1111 1115 declines');
    expect(text).toContain(`written as .eml files to ${join(dataDir, 'outbox')}`);
    expect(text).toContain('embedded PGlite');
    // No password file and no admin made now: how to get back in, never a password.
    expect(text).toContain('npm run admin -- reset-password');
  });

  it('points at the saved password file on later starts', () => {
    writeFileSync(join(dataDir, 'initial-admin-password'), 'secret-not-shown\n');
    const text = startupBanner({ url: 'http://127.0.0.1:8080', config: demo, admin: { action: 'none' } });
    expect(text).toContain(`user "admin", password in ${join(dataDir, 'initial-admin-password')}`);
    expect(text).not.toContain('secret-not-shown');
  });

  it('says plainly when cards are charged, mail is sent and the database is PostgreSQL', () => {
    const text = startupBanner({
      url: 'http://127.0.0.1:8080',
      config: {
        ...demo,
        database: { kind: 'postgres', url: 'postgres://u:p@db/store' },
        payment: {
          gateway: 'braintree',
          braintree: { environment: 'sandbox', merchantId: 'm', publicKey: 'k', privateKey: 'p' },
        },
        smtpUrl: 'smtp://mail.example:587',
      },
      admin: { action: 'unchanged-from-env', username: 'treasurer' },
    });
    expect(text).not.toContain('SANDBOX');
    expect(text).toContain('Braintree');
    expect(text).toContain('sent through SMTP_URL');
    expect(text).toContain('PostgreSQL (DATABASE_URL)');
    expect(text).not.toContain('u:p@db');
    expect(text).toContain('user "treasurer" from ADMIN_USERNAME / ADMIN_PASSWORD');
    expect(text).not.toContain('TEST SITE');
  });

  it('says a production deployment allowed the sandbox is a test site', () => {
    const text = startupBanner({
      url: 'http://127.0.0.1:8080',
      config: { ...demo, deployment: 'production', allow: { ...demo.allow, sandboxPayments: true } },
      admin: { action: 'none' },
    });
    expect(text).toContain('production as a TEST SITE (ALLOW_SANDBOX_PAYMENTS=1)');
  });
});
