/**
 * The e-mail confirming a family's change (queue-change-mail.ts), written when it is sent: what
 * changed (the payload, as it was said at the change), then the registration as it stands now, the
 * session, each person and a fresh "Your registration" link, where the new tickets are (the PDF is
 * downloaded from the page). To the first registrant's e-mail, as every registration e-mail. In the
 * language the family registered in; the change's sentence was worded in it when it was made.
 */
import { formatRegistrationNumber } from '@store/shared/registration';
import { serverI18n } from '#src/i18n/server-i18n';
import { isUuid } from '#src/lib/uuid';
import { formatDateTime } from '#src/modules/mail/date-format';
import { dearLine, detail, emailDocument } from '#src/modules/mail/email-layout';
import { greetingName } from '#src/modules/mail/greeting';
import { html } from '#src/modules/mail/html';
import { linkButton } from '#src/modules/mail/link-button';
import { headerValue } from '#src/modules/mail/outbox';
import type { MailRenderer, RenderedMail } from '#src/modules/mail/render';
import { familyPageUrl } from '#src/modules/registrations/family-page-url';
import { registrantName } from '#src/modules/registrations/registrant-format';
import { centerNames, type FamilyMailContext } from './family-mail-context';
import { type Family, livePeople, loadFamily } from './family-repo';
import { isChangeMailPayload } from './queue-change-mail';

const STATUS_TEXT: Readonly<Record<string, string>> = {
  registered: /*i18n*/ 'Registered',
  waiting: /*i18n*/ 'On the waiting list',
  offered: /*i18n*/ 'Places offered',
  cancelled: /*i18n*/ 'Cancelled',
  lapsed: /*i18n*/ 'Offer lapsed',
};

export function renderChangeMail(
  family: Family,
  view: { change: string; link: string; centerName: string; foundationName: string; foundationUrl: string },
): RenderedMail {
  const { registration, session } = family;
  const { locale } = registration;
  const i18n = serverI18n(locale);
  const number = formatRegistrationNumber(registration.number);
  const subject = i18n._('Your registration {number} was changed', { number });
  const where = session ? `${view.centerName ? `${view.centerName}, ` : ''}${session.hall}, ${session.address}` : '';
  const when = session ? formatDateTime(session.startsAt, session.timeZone, locale) : '';
  const people = family.people.map((p) => {
    const name = registrantName(p);
    return `${p.position}. ${p.cancelledAt === null ? name : i18n._('{name} (cancelled)', { name })}`;
  });
  const statusWord = STATUS_TEXT[registration.status];
  const status = statusWord === undefined ? registration.status : i18n._(statusWord);
  const greeting = greetingName(livePeople(family)[0]?.firstName ?? family.people[0]?.firstName, locale);
  const onPage = i18n._('Your tickets, and any further change, are on your registration page:');
  const yours = i18n._('Your registration');
  const label = { registration: i18n._('Registration'), status: i18n._('Status') };
  const sessionLabels = { session: i18n._('Session'), time: i18n._('Time') };
  const paragraph = (content: string) =>
    html`<tr><td style="padding:0 24px 12px;font-size:14px;line-height:1.5;">${content}</td></tr>`;
  const htmlBody = emailDocument({
    title: subject,
    foundationName: view.foundationName,
    foundationUrl: view.foundationUrl,
    kind: yours,
    greetingName: greeting,
    opening: view.change,
    details: [
      detail(label.registration, number),
      detail(label.status, status),
      ...(session ? [detail(sessionLabels.session, where), detail(sessionLabels.time, when)] : []),
    ],
    sections: [
      ...people.map((line) => paragraph(line)),
      paragraph(onPage),
      linkButton(view.link, yours),
      paragraph(i18n._('Or copy this address into your browser: {link}', { link: view.link })),
    ],
    locale,
  });
  const text = [
    dearLine(greeting, locale),
    '',
    view.change,
    '',
    `${label.registration}: ${number}`,
    `${label.status}: ${status}`,
    ...(session ? [`${sessionLabels.session}: ${where}`, `${sessionLabels.time}: ${when}`] : []),
    '',
    ...people,
    '',
    onPage,
    view.link,
    '',
    view.foundationName,
    view.foundationUrl,
  ].join('\n');
  return { to: headerValue(registration.email), subject: headerValue(subject), html: htmlBody, text: `${text}\n` };
}

export function createChangeMailRenderer(context: FamilyMailContext): MailRenderer {
  return async (subjectIds, payloads) => {
    const rendered = new Map<string, RenderedMail>();
    const names = await centerNames(context.siteSource);
    for (const subjectId of subjectIds) {
      const payload = payloads.get(subjectId);
      if (!isChangeMailPayload(payload) || !isUuid(payload.registrationId)) continue;
      const family = await loadFamily(context.db, payload.registrationId);
      if (!family) continue;
      rendered.set(
        subjectId,
        renderChangeMail(family, {
          change: payload.change,
          link: familyPageUrl(context.storeUrl, context.key, family.registration.id, family.session?.startsAt ?? null),
          centerName: family.session ? names(family.session.centerId) : '',
          foundationName: context.site.foundation.name,
          foundationUrl: context.site.foundation.url,
        }),
      );
    }
    return rendered;
  };
}
