/**
 * The account links a test's visitor received, read out of the outbox as the mail worker would send
 * them (outbox-helpers.ts: each row rendered by the app's own renderer), and followed as the web
 * pages do (POST the token from the link's `?token=`).
 *
 *   const [mail] = await linkMails(t, 'ann@example.org', 'reset-password');
 *   mail.link        // 'http://localhost/reset-password?token=…'
 *   await postAuth(t.app, '/password/reset', { token: tokenOf(mail.link), password });
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { LinkPurpose } from '#src/modules/auth/account-link-token';
import { accountLinks } from '#src/modules/auth/tables';
import type { TestApp } from './build-test-app';
import { outboxMessages } from './outbox-helpers';

export type LinkMail = { to: string; subject: string; text: string; html: string; kind: string; link: string };

/** The link in a message's text part (the line that is a URL with ?token=). */
export function linkIn(text: string): string {
  const link = /^https?:\/\/\S+\?token=\S+$/m.exec(text)?.[0];
  if (!link) throw new Error('no link in the message');
  return link;
}

export function tokenOf(link: string): string {
  const token = new URL(link).searchParams.get('token');
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}

/** Every link of this purpose mailed to `email` (oldest first) that the outbox would still send. */
export async function linkMails(t: TestApp, email: string, purpose: LinkPurpose): Promise<LinkMail[]> {
  const rows = await t.testDb.db
    .select({ id: accountLinks.id })
    .from(accountLinks)
    .where(and(sql`lower(${accountLinks.email}) = lower(${email})`, eq(accountLinks.purpose, purpose)))
    .orderBy(asc(accountLinks.createdAt));
  const mails: LinkMail[] = [];
  for (const row of rows) {
    // A used, expired or revoked link is not written (account-link-mail.ts): the worker would not send it.
    const messages = await outboxMessages(t.testDb.db, t.site, row.id).catch(() => []);
    for (const message of messages) {
      if (message.kind === 'account-email-changed') continue;
      const { toAddress, subject, text, html, kind } = message;
      mails.push({ to: toAddress, subject, text, html, kind, link: linkIn(text) });
    }
  }
  return mails;
}

/** The token of the newest link of this purpose mailed to `email`. */
export async function newestToken(t: TestApp, email: string, purpose: LinkPurpose): Promise<string> {
  const mails = await linkMails(t, email, purpose);
  const last = mails.at(-1);
  if (!last) throw new Error(`no ${purpose} link was mailed to ${email}`);
  return tokenOf(last.link);
}

/** How many links of this purpose were queued for `email` (mailed or not yet). */
export async function countLinks(t: TestApp, email: string, purpose: LinkPurpose): Promise<number> {
  const [row] = await t.testDb.db
    .select({ n: sql<number>`count(*)::int` })
    .from(accountLinks)
    .where(and(sql`lower(${accountLinks.email}) = lower(${email})`, eq(accountLinks.purpose, purpose)));
  return Number(row?.n ?? 0);
}
