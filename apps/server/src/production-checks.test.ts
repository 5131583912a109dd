import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { isTestSite, productionProblems } from './production-checks';

const PRODUCTION_READY = {
  DEPLOYMENT: 'production',
  BRAINTREE_ENVIRONMENT: 'production',
  BRAINTREE_MERCHANT_ID: 'merchant',
  BRAINTREE_PUBLIC_KEY: 'public',
  BRAINTREE_PRIVATE_KEY: 'private',
  SMTP_URL: 'smtp://mail.example.org:587',
  SESSION_SECRET: 'a'.repeat(40),
  TRUST_PROXY: '1',
};

const problemsOf = (env: Record<string, string>) => productionProblems(loadConfig(env));

describe('DEPLOYMENT=production fails closed', () => {
  it('names every problem of an unconfigured production deployment, one each, with its variable', () => {
    const problems = problemsOf({ DEPLOYMENT: 'production', CAPTCHA_PROVIDER: 'off' });
    expect(problems).toHaveLength(5);
    expect(problems[0]).toMatch(/^PAYMENT_GATEWAY: .*ALLOW_SANDBOX_PAYMENTS=1/);
    expect(problems[1]).toMatch(/^CAPTCHA_PROVIDER=off: .*ALLOW_CAPTCHA_OFF=1/);
    expect(problems[2]).toMatch(/^SMTP_URL is not set: .*ALLOW_MAIL_FILES=1/);
    expect(problems[3]).toMatch(/^SESSION_SECRET is not set: .*ALLOW_GENERATED_SESSION_SECRET=1/);
    expect(problems[4]).toMatch(/^TRUST_PROXY is not set: .*ALLOW_PLAIN_HTTP=1/);
  });

  it('accepts a configured production deployment, and Braintree sandbox keys only when allowed', () => {
    expect(problemsOf(PRODUCTION_READY)).toEqual([]);
    expect(problemsOf({ ...PRODUCTION_READY, BRAINTREE_ENVIRONMENT: 'sandbox' })).toHaveLength(1);
    expect(problemsOf({ ...PRODUCTION_READY, TRUST_PROXY: '0' })).toHaveLength(1);
  });

  it('lets a staging site allow each one explicitly, and marks it a test site only for sandbox payments', () => {
    const staging = {
      DEPLOYMENT: 'production',
      CAPTCHA_PROVIDER: 'off',
      ALLOW_SANDBOX_PAYMENTS: '1',
      ALLOW_CAPTCHA_OFF: 'true',
      ALLOW_MAIL_FILES: '1',
      ALLOW_GENERATED_SESSION_SECRET: '1',
      ALLOW_PLAIN_HTTP: '1',
    };
    expect(problemsOf(staging)).toEqual([]);
    expect(isTestSite(loadConfig(staging))).toBe(true);
    expect(isTestSite(loadConfig(PRODUCTION_READY))).toBe(false);
    // The demo (`npm start`) is not a deployment: no checks, no banner.
    expect(problemsOf({})).toEqual([]);
    expect(isTestSite(loadConfig({}))).toBe(false);
  });

  it('refuses a misspelt setting naming it', () => {
    expect(() => loadConfig({ DEPLOYMENT: 'prod' })).toThrow('DEPLOYMENT must be development or production');
    expect(() => loadConfig({ ALLOW_MAIL_FILES: 'yes' })).toThrow('ALLOW_MAIL_FILES must be 1 or 0');
  });
});
