import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import {
  isTestSite,
  productionProblems,
  SAMPLE_TAX_IDENTIFIERS,
  sampleTaxIdentifierProblems,
} from './production-checks';
import { loadSite } from './site/load-site';

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

/** config/site.json as the repository ships it, with its example identifiers. */
const SHIPPED_SITE = resolve(import.meta.dirname, '../../../config/site.json');

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

  it("refuses the test suite's own settings, which no ALLOW_* lets through", () => {
    const problems = problemsOf({ ...PRODUCTION_READY, TEST_RECONCILE_AFTER_SECONDS: '1' });
    expect(problems).toEqual([expect.stringMatching(/^TEST_RECONCILE_AFTER_SECONDS is a test setting/)]);
    // Outside a production deployment (the suite's servers) it is taken.
    expect(loadConfig({ TEST_RECONCILE_AFTER_SECONDS: '1' }).testReconcileAfterMs).toBe(1000);
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

  it("refuses site.json's example EIN and CRA number, each on its line, unless a test site allows them", () => {
    const shipped = loadSite(SHIPPED_SITE).taxReceipts;
    const problems = sampleTaxIdentifierProblems(loadConfig(PRODUCTION_READY), shipped);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(
      /^site\.json taxReceipts\.us\.ein is the example 12-3456789: .*ALLOW_SAMPLE_TAX_IDENTIFIERS=1/,
    );
    expect(problems[1]).toMatch(/^site\.json taxReceipts\.canada\.registrationNumber is the example 123456789RR0001: /);
    const own = {
      ...shipped,
      us: shipped.us ? { ...shipped.us, ein: '98-7654321' } : undefined,
      canada: shipped.canada ? { ...shipped.canada, registrationNumber: '888777666RR0001' } : undefined,
    };
    expect(sampleTaxIdentifierProblems(loadConfig(PRODUCTION_READY), own)).toEqual([]);
    expect(
      sampleTaxIdentifierProblems(loadConfig({ ...PRODUCTION_READY, ALLOW_SAMPLE_TAX_IDENTIFIERS: '1' }), shipped),
    ).toEqual([]);
    // The demo (`npm start`) prints the examples on its TEST receipts: no refusal there.
    expect(sampleTaxIdentifierProblems(loadConfig({}), shipped)).toEqual([]);
    expect(shipped.us?.ein).toBe(SAMPLE_TAX_IDENTIFIERS.ein);
  });

  it('takes NODE_ENV=production as a production deployment, with the same checks and allowances', () => {
    const byNodeEnv = loadConfig({ NODE_ENV: 'production', CAPTCHA_PROVIDER: 'off' });
    expect(byNodeEnv).toMatchObject({ deployment: 'production', deploymentSetBy: 'NODE_ENV' });
    expect(productionProblems(byNodeEnv)).toEqual(problemsOf({ DEPLOYMENT: 'production', CAPTCHA_PROVIDER: 'off' }));
    expect(productionProblems(byNodeEnv)).toHaveLength(5);
    const { DEPLOYMENT: _, ...ready } = PRODUCTION_READY;
    expect(problemsOf({ ...ready, NODE_ENV: 'production' })).toEqual([]);
    expect(problemsOf({ NODE_ENV: 'production', ALLOW_SANDBOX_PAYMENTS: '1', ALLOW_MAIL_FILES: '1' })).toHaveLength(2);
    expect(
      sampleTaxIdentifierProblems(loadConfig({ NODE_ENV: 'production' }), loadSite(SHIPPED_SITE).taxReceipts),
    ).toHaveLength(2);
    // Only DEPLOYMENT=development written out turns the checks off beside it (the test harnesses).
    expect(loadConfig({ NODE_ENV: 'production', DEPLOYMENT: 'development' }).deployment).toBe('development');
    expect(loadConfig({ NODE_ENV: 'test' }).deployment).toBe('development');
    expect(loadConfig({ DEPLOYMENT: 'production' }).deploymentSetBy).toBe('DEPLOYMENT');
  });

  it('refuses a misspelt setting naming it', () => {
    expect(() => loadConfig({ DEPLOYMENT: 'prod' })).toThrow('DEPLOYMENT must be development or production');
    expect(() => loadConfig({ ALLOW_MAIL_FILES: 'yes' })).toThrow('ALLOW_MAIL_FILES must be 1 or 0');
  });
});
