/**
 * A production deployment fails closed (issue 19): with DEPLOYMENT=production the server refuses to
 * start, one line per problem, when it would take fake payments and e-mail real-looking receipts, run
 * without a captcha, write e-mail to files nobody reads, sign with a secret nobody chose, or not know
 * whether its visitors came over HTTPS. Each has an ALLOW_* for a staging site; one that allows the
 * sandbox's payments shows 'Test site: no card is charged' on every page (isTestSite).
 */
import type { Config } from './config';

type Checked = Pick<
  Config,
  'deployment' | 'allow' | 'payment' | 'captcha' | 'smtpUrl' | 'sessionSecret' | 'trustProxy'
>;

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
  return problems;
}

/** A production deployment allowed to take sandbox payments: every page says so. */
export function isTestSite(config: Checked): boolean {
  return config.deployment === 'production' && takesNoMoney(config) && config.allow.sandboxPayments;
}

/** Shown at the top of every page of a test site (plugins/html-pages.ts puts it first in <body>). */
export const TEST_SITE_BANNER_HTML =
  '<div class="test-site-banner" role="note"><strong>Test site:</strong> no card is charged.</div>';
