/**
 * The e-mail confirming a family's change (queue-change-mail.ts), written when it is sent: what
 * changed (the payload, as it was said at the change), then the registration as it stands now, the
 * session, each person and a fresh "Your registration" link, where the new tickets are (the PDF is
 * downloaded from the page). To the first registrant's e-mail, as every registration e-mail.
 */
import { formatRegistrationNumber } from '@store/shared/registration';
import { isUuid } from '#src/lib/uuid';
import { formatDateTime } from '#src/modules/mail/date-format';
import { detail, emailDocument } from '#src/modules/mail/email-layout';
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
  registered: 'Registered',
  waiting: 'On the waiting list',
  offered: 'Places offered',
  cancelled: 'Cancelled',
  lapsed: 'Offer lapsed',
};

export function renderChangeMail(
  family: Family,
  view: { change: string; link: string; centerName: string; foundationName: string; foundationUrl: string },
): RenderedMail {
  const { registration, session } = family;
  const number = formatRegistrationNumber(registration.number);
  const subject = `Your registration ${number} was changed`;
  const where = session ? `${view.centerName ? `${view.centerName}, ` : ''}${session.hall}, ${session.address}` : '';
  const when = session ? formatDateTime(session.startsAt, session.timeZone) : '';
  const people = family.people.map(
    (p) => `${p.position}. ${registrantName(p)}${p.cancelledAt === null ? '' : ' (cancelled)'}`,
  );
  const status = STATUS_TEXT[registration.status] ?? registration.status;
  const greeting = greetingName(livePeople(family)[0]?.firstName ?? family.people[0]?.firstName);
  const paragraph = (content: string) =>
    html`<tr><td style="padding:0 24px 12px;font-size:14px;line-height:1.5;">${content}</td></tr>`;
  const htmlBody = emailDocument({
    title: subject,
    foundationName: view.foundationName,
    foundationUrl: view.foundationUrl,
    kind: 'Your registration',
    greetingName: greeting,
    opening: view.change,
    details: [
      detail('Registration', number),
      detail('Status', status),
      ...(session ? [detail('Session', where), detail('Time', when)] : []),
    ],
    sections: [
      ...people.map((line) => paragraph(line)),
      paragraph('Your tickets, and any further change, are on your registration page:'),
      linkButton(view.link, 'Your registration'),
      paragraph(`Or copy this address into your browser: ${view.link}`),
    ],
  });
  const text = [
    `Dear ${greeting},`,
    '',
    view.change,
    '',
    `Registration: ${number}`,
    `Status: ${status}`,
    ...(session ? [`Session: ${where}`, `Time: ${when}`] : []),
    '',
    ...people,
    '',
    'Your tickets, and any further change, are on your registration page:',
    view.link,
    '',
    view.foundationName,
    view.foundationUrl,
  ].join('\n');
  return { to: headerValue(registration.email), subject, html: htmlBody, text: `${text}\n` };
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
