/**
 * The guessing alert's content (guessing-alert.ts), written by the mail worker when it sends it
 * (registered in src/mail-renderers.ts). Nothing in it comes from whoever guessed: the account's
 * own address and a first name checked like every greeting (mail/greeting.ts). No link to click:
 * an alert that asks to follow a link is what phishing looks like. In the account's language.
 */
import type { Locale } from '@store/shared/i18n/locales';
import { inArray } from 'drizzle-orm';
import { serverI18n } from '#src/i18n/server-i18n';
import { emailDocument } from '#src/modules/mail/email-layout';
import { greetingName } from '#src/modules/mail/greeting';
import { html } from '#src/modules/mail/html';
import { headerValue } from '#src/modules/mail/outbox';
import { plainLetter } from '#src/modules/mail/plain-letter';
import type { MailRenderer, RenderedMail, RendererContext } from '#src/modules/mail/render';
import { renderByRecord } from '#src/modules/mail/render-by-record';
import { alertedUserId } from './guessing-alert';
import { users } from './tables';

export const GUESSING_ALERT_SUBJECT = /*i18n*/ 'Someone is trying to sign in to your account';

type AlertView = {
  foundationName: string;
  foundationUrl: string;
  greeting: string;
  /** The account's language; unset, English. */
  locale?: Locale | undefined;
};

const OPENING =
  /*i18n*/ 'Someone has just tried to sign in to your account with wrong passwords, ten times or more within 15 minutes. They were not let in.';
const WHAT_WE_DO =
  /*i18n*/ 'Sign-ins from the addresses that kept guessing are paused, and every sign-in to your account is slowed for a while. You can still sign in as usual.';
const WHAT_TO_DO =
  /*i18n*/ 'If this was you, nothing needs doing. If it was not, your password kept them out; if it is short or used elsewhere, change it the next time you sign in.';

export function renderGuessingAlert(email: string, view: AlertView): RenderedMail {
  const locale = view.locale ?? 'en';
  const i18n = serverI18n(locale);
  const opening = i18n._(OPENING);
  const whatWeDo = i18n._(WHAT_WE_DO);
  const whatToDo = i18n._(WHAT_TO_DO);
  const subject = i18n._(GUESSING_ALERT_SUBJECT);
  const paragraphs = [whatWeDo, whatToDo].map(
    (text) => html`<tr><td style="padding:0 24px 16px;font-size:14px;line-height:1.5;">${text}</td></tr>`,
  );
  const htmlBody = emailDocument({
    title: subject,
    foundationName: view.foundationName,
    foundationUrl: view.foundationUrl,
    kind: i18n._('Account security'),
    greetingName: view.greeting,
    opening,
    details: [],
    sections: paragraphs,
    locale,
  });
  const text = plainLetter(view.greeting, [opening, whatWeDo, whatToDo], view, locale);
  return { to: headerValue(email), subject: headerValue(subject), html: htmlBody, text };
}

export function createGuessingAlertRenderer({ db, site }: RendererContext): MailRenderer {
  return (subjectIds) =>
    renderByRecord(
      subjectIds,
      alertedUserId,
      (ids) =>
        db
          .select({ id: users.id, name: users.name, email: users.email, locale: users.locale })
          .from(users)
          .where(inArray(users.id, ids)),
      (user) =>
        renderGuessingAlert(user.email, {
          foundationName: site.foundation.name,
          foundationUrl: site.foundation.url,
          // The account's name as typed at sign-up: its first word, if it looks like a name.
          greeting: greetingName(user.name.trim().split(/\s+/)[0], user.locale),
          locale: user.locale,
        }),
    );
}
