/**
 * A production deployment fails closed (issue 19): with DEPLOYMENT=production the server refuses to
 * start, one line per problem, when it would take fake payments and e-mail real-looking receipts, run
 * without a captcha, write e-mail to files nobody reads, sign with a secret nobody chose, or not know
 * whether its visitors came over HTTPS. Each has an ALLOW_* for a staging site; one that allows the
 * sandbox's payments shows 'Test site: no card is charged' on every page (isTestSite).
 */
import type { TaxReceipts } from '@store/shared/site';
import type { Config } from './config';

type Checked = Pick<
  Config,
  'deployment' | 'allow' | 'payment' | 'captcha' | 'smtpUrl' | 'sessionSecret' | 'trustProxy'
> &
  Partial<Pick<Config, 'testReconcileAfterMs'>>;

/** True when the gateway moves no money: the sandbox, or Braintree's own sandbox environment. */
function takesNoMoney(config: Checked): boolean {
  return config.payment.gateway === 'sandbox' || config.payment.braintree.environment === 'sandbox';
}

export function productionProblems(config: Checked): string[] {
  if (config.deployment !== 'production') return [];
  const problems: string[] = [];
  if (takesNoMoney(config) && !config.allow.sandboxPayments) {
    problems.push(
      'PAYMENT_GATEWAY: payments would go to a sandbox and no card would be charged. Set BRAINTREE_ENVIRONMENT=production, BRAINTREE_MERCHANT_ID, BRAINTREE_PUBLIC_KEY and BRAINTREE_PRIVATE_KEY, or ALLOW_SANDBOX_PAYMENTS=1 for a test site.',
    );
  }
  if (config.captcha.provider === 'off' && !config.allow.captchaOff) {
    problems.push(
      'CAPTCHA_PROVIDER=off: checkouts, registrations and sign-ups would go unchallenged. Use altcha or recaptcha, or ALLOW_CAPTCHA_OFF=1.',
    );
  }
  if (config.smtpUrl === undefined && !config.allow.mailFiles) {
    problems.push(
      'SMTP_URL is not set: receipts would be written to files instead of sent. Set SMTP_URL (and MAIL_FROM), or ALLOW_MAIL_FILES=1.',
    );
  }
  if (config.sessionSecret === undefined && !config.allow.generatedSessionSecret) {
    problems.push(
      'SESSION_SECRET is not set: one would be generated and kept in the database. Set SESSION_SECRET (at least 32 random characters), or ALLOW_GENERATED_SESSION_SECRET=1.',
    );
  }
  if (!config.trustProxy && !config.allow.plainHttp) {
    problems.push(
      'TRUST_PROXY is not set: the site must be served over HTTPS by a reverse proxy the server trusts (TRUST_PROXY=1 for one proxy in front), or ALLOW_PLAIN_HTTP=1.',
    );
  }
  if (config.testReconcileAfterMs !== undefined) {
    problems.push(
      'TEST_RECONCILE_AFTER_SECONDS is a test setting: the reconciler could ask the gateway about a checkout still in progress. Remove it.',
    );
  }
  return problems;
}

/**
 * The example identifiers config/site.json ships with. A receipt printing them would claim an EIN or
 * a CRA registration the foundation does not have: a tax authority would refuse every one of them.
 */
export const SAMPLE_TAX_IDENTIFIERS = { ein: '12-3456789', registrationNumber: '123456789RR0001' } as const;

/**
 * Issue 20's leftover: site.json's tax identifiers, read once site.json is loaded (after the checks
 * above, which need only the environment). Empty unless DEPLOYMENT=production.
 */
export function sampleTaxIdentifierProblems(
  config: Pick<Config, 'deployment' | 'allow'>,
  taxReceipts: Pick<TaxReceipts, 'us' | 'canada'>,
): string[] {
  if (config.deployment !== 'production' || config.allow.sampleTaxIdentifiers) return [];
  const problems: string[] = [];
  if (taxReceipts.us?.ein === SAMPLE_TAX_IDENTIFIERS.ein) {
    problems.push(
      `site.json taxReceipts.us.ein is the example ${SAMPLE_TAX_IDENTIFIERS.ein}: every US receipt would name it. Set the foundation's EIN, or ALLOW_SAMPLE_TAX_IDENTIFIERS=1 for a test site.`,
    );
  }
  if (taxReceipts.canada?.registrationNumber === SAMPLE_TAX_IDENTIFIERS.registrationNumber) {
    problems.push(
      `site.json taxReceipts.canada.registrationNumber is the example ${SAMPLE_TAX_IDENTIFIERS.registrationNumber}: every CRA receipt would name it. Set the charity's registration number, or ALLOW_SAMPLE_TAX_IDENTIFIERS=1 for a test site.`,
    );
  }
  return problems;
}

/** A production deployment allowed to take sandbox payments: every page says so. */
export function isTestSite(config: Checked): boolean {
  return config.deployment === 'production' && takesNoMoney(config) && config.allow.sandboxPayments;
}

/** Shown at the top of every page of a test site (plugins/html-pages.ts puts it first in <body>). */
export const TEST_SITE_BANNER_HTML =
  '<div class="test-site-banner" role="note"><strong>Test site:</strong> no card is charged.</div>';
