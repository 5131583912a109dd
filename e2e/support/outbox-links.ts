/**
 * The account links (issue 18) the e2e server mailed: `.eml` files in its DATA_DIR/outbox (no
 * SMTP_URL in the e2e run), named `<time>-<kind>-<id>.eml` by the mail transport. The worker sends
 * off the request path, so a test waits for the message to appear.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, inject } from 'vitest';
import { emlPart } from '../../reliability/support/eml';

/** The outbox kinds of account mails (apps/server/src/modules/auth/account-link-kinds.ts). */
export type LinkKind = 'account-verify-email' | 'account-change-email' | 'account-reset-password';

function linksTo(email: string, kind: LinkKind): string[] {
  const outbox = join(inject('dataDir'), 'outbox');
  let names: string[];
  try {
    names = readdirSync(outbox).filter((name) => name.includes(`-${kind}-`));
  } catch {
    return [];
  }
  return names
    .sort()
    .map((name) => readFileSync(join(outbox, name), 'utf8'))
    .filter((mail) => new RegExp(`^To: .*${email.replace(/[.+]/g, '\\$&')}`, 'im').test(mail))
    .map((mail) => /^https?:\/\/\S+\?token=\S+$/m.exec(emlPart(mail, 'plain'))?.[0] ?? '');
}

/** The newest link of this kind mailed to `email`, once the mail worker has written it. */
export async function mailedLink(email: string, kind: LinkKind): Promise<string> {
  let links: string[] = [];
  await expect
    .poll(
      () => {
        links = linksTo(email, kind);
        return links.length;
      },
      { timeout: 20_000, interval: 200 },
    )
    .toBeGreaterThan(0);
  const link = links.at(-1) ?? '';
  expect(link).toMatch(/\?token=/);
  return link;
}
