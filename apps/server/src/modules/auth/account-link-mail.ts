/**
 * The e-mails that carry account links (account-links.ts), written by the mail worker when it sends
 * them (registered in src/mail-renderers.ts): the token is made again from the row and the key
 * (account-link-token.ts), since the outbox stores no content. A link already used, expired or whose
 * account is gone is not written (the message fails like one whose subject was deleted): a mail
 * still waiting when its link was revoked must not go out with a dead, or worse a live, link.
 * Nothing in them comes from whoever asked but the account's name, checked like every greeting
 * (mail/greeting.ts). In the account's language (the one it was opened in, decision 0042).
 */
import { ACCOUNT_LINK_PATHS, EMAIL_LINK_HOURS } from '@store/shared/auth';
import type { Locale } from '@store/shared/i18n/locales';
import { and, eq, inArray } from 'drizzle-orm';
import { serverI18n } from '#src/i18n/server-i18n';
import { isUuid } from '#src/lib/uuid';
import { dearLine, emailDocument } from '#src/modules/mail/email-layout';
import { greetingName } from '#src/modules/mail/greeting';
import { html } from '#src/modules/mail/html';
import { headerValue } from '#src/modules/mail/outbox';
import type { MailRenderer, RenderedMail, RendererContext } from '#src/modules/mail/render';
import { type LinkKey, type LinkPurpose, linkToken } from './account-link-token';
import { liveLink } from './account-links';
import { accountLinks, users } from './tables';

/** Each purpose's words, as messages; `{hours}` in the opening is how long the link works. */
type LinkText = { subject: string; kind: string; opening: string; hours: number; action: string; otherwise: string };

const TEXTS: Readonly<Record<LinkPurpose, LinkText>> = {
  'verify-email': {
    subject: /*i18n*/ 'Confirm your e-mail address',
    kind: /*i18n*/ 'Your account',
    opening:
      /*i18n*/ 'Please confirm that this address is yours by following the link below. It works once, within {hours, plural, one {# hour} other {# hours}}.',
    hours: EMAIL_LINK_HOURS.verifyEmail,
    action: /*i18n*/ 'Confirm my e-mail address',
    otherwise:
      /*i18n*/ "If you did not open an account with us, someone typed your address: ignore this e-mail, and nothing is linked to your address. To take the address back, choose 'Forgot password?' on the sign-in page.",
  },
  'change-email': {
    subject: /*i18n*/ 'Confirm your new e-mail address',
    kind: /*i18n*/ 'Your account',
    opening:
      /*i18n*/ 'Follow the link below to make this the e-mail address of your account. It works once, within {hours, plural, one {# hour} other {# hours}}; until then nothing changes.',
    hours: EMAIL_LINK_HOURS.verifyEmail,
    action: /*i18n*/ 'Use this e-mail address',
    otherwise: /*i18n*/ 'If you did not ask for this, ignore this e-mail: the account keeps its address.',
  },
  'reset-password': {
    subject: /*i18n*/ 'Choose a new password',
    kind: /*i18n*/ 'Your account',
    opening:
      /*i18n*/ 'Someone asked to reset the password of the account that uses this address. Follow the link below to choose a new one. It works once, within {hours, plural, one {# hour} other {# hours}}.',
    hours: EMAIL_LINK_HOURS.resetPassword,
    action: /*i18n*/ 'Choose a new password',
    otherwise: /*i18n*/ 'If you did not ask for this, ignore this e-mail: your password stays as it is.',
  },
};

const PATHS: Readonly<Record<LinkPurpose, string>> = {
  'verify-email': ACCOUNT_LINK_PATHS.verifyEmail,
  'change-email': ACCOUNT_LINK_PATHS.verifyEmail,
  'reset-password': ACCOUNT_LINK_PATHS.resetPassword,
};

type LinkView = {
  foundationName: string;
  foundationUrl: string;
  greeting: string;
  link: string;
  /** The account's language; unset, English. */
  locale?: Locale | undefined;
};

export function renderAccountLinkMail(purpose: LinkPurpose, to: string, view: LinkView): RenderedMail {
  const locale = view.locale ?? 'en';
  const i18n = serverI18n(locale);
  const words = TEXTS[purpose];
  const text = {
    subject: i18n._(words.subject),
    kind: i18n._(words.kind),
    opening: i18n._(words.opening, { hours: words.hours }),
    action: i18n._(words.action),
    otherwise: i18n._(words.otherwise),
  };
  const paragraph = (content: string) =>
    html`<tr><td style="padding:0 24px 16px;font-size:14px;line-height:1.5;">${content}</td></tr>`;
  const button = html`<tr><td style="padding:0 24px 16px;font-size:15px;">
    <a href="${view.link}" style="display:inline-block;padding:10px 16px;background:#1f4e79;color:#ffffff;border-radius:4px;text-decoration:none;">${text.action}</a>
  </td></tr>`;
  const htmlBody = emailDocument({
    title: text.subject,
    foundationName: view.foundationName,
    foundationUrl: view.foundationUrl,
    kind: text.kind,
    greetingName: view.greeting,
    opening: text.opening,
    details: [],
    sections: [
      button,
      paragraph(i18n._('Or copy this address into your browser: {link}', { link: view.link })),
      paragraph(text.otherwise),
    ],
    locale,
  });
  const body = [
    dearLine(view.greeting, locale),
    '',
    text.opening,
    '',
    view.link,
    '',
    text.otherwise,
    '',
    view.foundationName,
    view.foundationUrl,
  ].join('\n');
  return { to: headerValue(to), subject: headerValue(text.subject), html: htmlBody, text: `${body}\n` };
}

/** The account's name as typed at sign-up: its first word, if it looks like a name. */
export function accountGreeting(name: string, locale: Locale = 'en'): string {
  return greetingName(name.trim().split(/\s+/)[0], locale);
}

export function createAccountLinkRenderer({
  db,
  site,
  key,
  purpose,
}: RendererContext & { key: LinkKey; purpose: LinkPurpose }): MailRenderer {
  return async (subjectIds) => {
    const ids = subjectIds.filter(isUuid);
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({
        id: accountLinks.id,
        email: accountLinks.email,
        origin: accountLinks.linkOrigin,
        name: users.name,
        locale: users.locale,
      })
      .from(accountLinks)
      .innerJoin(users, eq(users.id, accountLinks.userId))
      .where(and(inArray(accountLinks.id, ids), eq(accountLinks.purpose, purpose), liveLink()));
    const rendered = new Map<string, RenderedMail>();
    for (const row of rows) {
      const link = `${row.origin}${PATHS[purpose]}?token=${encodeURIComponent(linkToken(key, purpose, row.id))}`;
      rendered.set(
        row.id,
        renderAccountLinkMail(purpose, row.email, {
          foundationName: site.foundation.name,
          foundationUrl: site.foundation.url,
          greeting: accountGreeting(row.name, row.locale),
          link,
          locale: row.locale,
        }),
      );
    }
    return rendered;
  };
}
