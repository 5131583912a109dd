/**
 * The notice to an account's previous address after an e-mail change was confirmed (the change's
 * account_links row names both addresses; email-verification.ts queues it). No link: the old address
 * no longer controls the account, and a notice that asks to click is what phishing looks like. In
 * the account's language.
 */
import type { Locale } from '@store/shared/i18n/locales';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { serverI18n } from '#src/i18n/server-i18n';
import { isUuid } from '#src/lib/uuid';
import { dearLine, emailDocument } from '#src/modules/mail/email-layout';
import { html } from '#src/modules/mail/html';
import { headerValue } from '#src/modules/mail/outbox';
import type { MailRenderer, RenderedMail, RendererContext } from '#src/modules/mail/render';
import { accountGreeting } from './account-link-mail';
import { accountLinks, users } from './tables';

export const EMAIL_CHANGED_SUBJECT = /*i18n*/ 'The e-mail address of your account was changed';

type NoticeView = {
  foundationName: string;
  foundationUrl: string;
  greeting: string;
  newEmail: string;
  /** The account's language; unset, English. */
  locale?: Locale | undefined;
};

export function renderEmailChanged(to: string, view: NoticeView): RenderedMail {
  const locale = view.locale ?? 'en';
  const i18n = serverI18n(locale);
  const subject = i18n._(EMAIL_CHANGED_SUBJECT);
  const opening = i18n._(
    'The e-mail address of your account was changed to {email}, and this address no longer signs in to it.',
    { email: view.newEmail },
  );
  const otherwise = i18n._(
    'If you made this change, nothing needs doing. If you did not, contact {foundation} ({url}) and say which account it was.',
    { foundation: view.foundationName, url: view.foundationUrl },
  );
  const htmlBody = emailDocument({
    title: subject,
    foundationName: view.foundationName,
    foundationUrl: view.foundationUrl,
    kind: i18n._('Account security'),
    greetingName: view.greeting,
    opening,
    details: [],
    sections: [html`<tr><td style="padding:0 24px 16px;font-size:14px;line-height:1.5;">${otherwise}</td></tr>`],
    locale,
  });
  const text = [
    dearLine(view.greeting, locale),
    '',
    opening,
    '',
    otherwise,
    '',
    view.foundationName,
    view.foundationUrl,
  ];
  return { to: headerValue(to), subject: headerValue(subject), html: htmlBody, text: `${text.join('\n')}\n` };
}

export function createEmailChangedRenderer({ db, site }: RendererContext): MailRenderer {
  return async (subjectIds) => {
    const ids = subjectIds.filter(isUuid);
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({
        id: accountLinks.id,
        newEmail: accountLinks.email,
        replaced: accountLinks.replacedEmail,
        name: users.name,
        locale: users.locale,
      })
      .from(accountLinks)
      .leftJoin(users, eq(users.id, accountLinks.userId))
      .where(and(inArray(accountLinks.id, ids), isNotNull(accountLinks.replacedEmail)));
    const rendered = new Map<string, RenderedMail>();
    for (const row of rows) {
      if (row.replaced === null) continue;
      rendered.set(
        row.id,
        renderEmailChanged(row.replaced, {
          foundationName: site.foundation.name,
          foundationUrl: site.foundation.url,
          greeting: accountGreeting(row.name ?? '', row.locale ?? 'en'),
          newEmail: row.newEmail,
          locale: row.locale ?? 'en',
        }),
      );
    }
    return rendered;
  };
}
