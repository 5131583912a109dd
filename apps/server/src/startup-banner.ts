/**
 * The lines a person reads when the server starts (issue 17 "A new user's first minutes"): where the
 * site is, where the administrator's password is, whether cards are really charged, where e-mail goes.
 * The JSON log stays the machine's record; this is plain text on stderr, once per start, and never
 * holds a secret (the generated password is logged once by ensure-admin; here only its file).
 */
import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import type { Config } from './config';
import { type EnsureAdminResult, initialPasswordPath } from './modules/admins/ensure-admin';
import { isTestSite } from './production-checks';

export type StartupBannerInput = {
  /** What app.listen answered, e.g. http://127.0.0.1:8080. */
  url: string;
  config: Pick<
    Config,
    'dataDir' | 'database' | 'payment' | 'captcha' | 'smtpUrl' | 'deployment' | 'allow' | 'sessionSecret' | 'trustProxy'
  >;
  admin: EnsureAdminResult;
};

/** A path as the operator typed it: relative to where they started the server when it is inside it. */
function shown(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel && !rel.startsWith('..') ? rel : path;
}

function adminLine({ config, admin }: StartupBannerInput): string {
  if (admin.action === 'created-initial') {
    return admin.passwordFile
      ? `user "${admin.username}", password in ${shown(admin.passwordFile)}`
      : `user "${admin.username}", password in the log above (it could not be saved to a file)`;
  }
  if (admin.action !== 'none') return `user "${admin.username}" from ADMIN_USERNAME / ADMIN_PASSWORD`;
  const file = initialPasswordPath(config.dataDir);
  return existsSync(file)
    ? `user "admin", password in ${shown(file)}`
    : 'set earlier; forgotten? npm run admin -- reset-password <user>';
}

export function startupBanner(input: StartupBannerInput): string {
  const { url, config } = input;
  const base = url.replace(/\/$/, '');
  const payments =
    config.payment.gateway === 'sandbox'
      ? [
          'Payments:  SANDBOX, no card is charged. Test cards: 4111 1111 1111 1111 approves,',
          '           4000 1111 1111 1115 declines; any future expiry, any CVV.',
        ]
      : ['Payments:  Braintree (cards are charged as the Braintree keys say)'];
  const lines = [
    '',
    `Donation store is running at ${base}/`,
    '',
    `  Store            ${base}/`,
    `  Concert          ${base}/concert`,
    `  Registration     ${base}/registration`,
    // The administrator's password opens the back office; /report takes a report key made there
    // (an owner's password needs two-factor, which Basic authentication cannot ask for).
    `  Back office      ${base}/admin    (administrator: ${adminLine(input)})`,
    `  Payment report   ${base}/report   (username and a report key from the back office's Security page)`,
    `  Site map         ${base}/nav`,
    '',
    ...payments,
    config.smtpUrl
      ? 'E-mail:    sent through SMTP_URL'
      : `E-mail:    not sent; written as .eml files to ${shown(`${config.dataDir}/outbox`)} (set SMTP_URL to send)`,
    config.database.kind === 'pglite'
      ? `Database:  embedded PGlite in ${shown(config.database.dataDir)} (set DATABASE_URL for PostgreSQL)`
      : 'Database:  PostgreSQL (DATABASE_URL)',
    ...(config.captcha.provider === 'off' ? ['Captcha:   OFF (tests only)'] : []),
    ...(isTestSite(config)
      ? [
          'Deployment: production as a TEST SITE (ALLOW_SANDBOX_PAYMENTS=1): every page says "Test site: no card is charged."',
        ]
      : []),
    'Stop with Ctrl+C. More in README.md and docs/operations.md.',
    '',
  ];
  return lines.join('\n');
}
