/**
 * The "Lost your link?" e-mail, written when it is sent: each registration of the address (number,
 * session, names) with a fresh "Your registration" link. Tokens are made now, never stored in the outbox.
 * In the language of the address's latest registration (decision 0042): who asked is not known.
 */
import type { Locale } from '@store/shared/i18n/locales';
import { formatRegistrationNumber } from '@store/shared/registration';
import { asc, inArray, sql } from 'drizzle-orm';
import { serverI18n } from '#src/i18n/server-i18n';
import { isUuid } from '#src/lib/uuid';
import { formatDateTime } from '#src/modules/mail/date-format';
import { dearLine, emailDocument } from '#src/modules/mail/email-layout';
import { html } from '#src/modules/mail/html';
import { linkButton } from '#src/modules/mail/link-button';
import { headerValue } from '#src/modules/mail/outbox';
import type { MailRenderer, RenderedMail } from '#src/modules/mail/render';
import { familyPageUrl } from '#src/modules/registrations/family-page-url';
import { registrantName } from '#src/modules/registrations/registrant-format';
import { registrations } from '#src/modules/registrations/tables';
import { centerNames, type FamilyMailContext } from './family-mail-context';
import { type Family, loadFamily } from './family-repo';
import { familyLinkRequests } from './tables';

export type RegistrationLink = { family: Family; link: string; centerName: string };

function sessionLine({ family, centerName }: RegistrationLink, locale: Locale): string {
  const { session } = family;
  if (!session) return '';
  const where = [centerName, session.hall, session.address].filter(Boolean).join(', ');
  return `${where}, ${formatDateTime(session.startsAt, session.timeZone, locale)}`;
}

/** The language of the latest registration (the highest number): the one the family chose last. */
function languageOf(links: readonly RegistrationLink[]): Locale {
  const latest = links.reduce<RegistrationLink | undefined>(
    (last, entry) =>
      last === undefined || entry.family.registration.number > last.family.registration.number ? entry : last,
    undefined,
  );
  return latest?.family.registration.locale ?? 'en';
}

export function renderLinksMail(
  to: string,
  links: readonly RegistrationLink[],
  foundation: { name: string; url: string },
): RenderedMail {
  const locale = languageOf(links);
  const i18n = serverI18n(locale);
  const subject = i18n._('Your registration links');
  const opening = i18n._('Here is a fresh link to each registration made with this address.');
  const yours = i18n._('Your registration');
  const greeting = i18n._('registrant');
  const block = (entry: RegistrationLink) => {
    const number = formatRegistrationNumber(entry.family.registration.number);
    const names = entry.family.people.map((p) => registrantName(p)).join(', ');
    return { number, names, session: sessionLine(entry, locale), link: entry.link };
  };
  const blocks = links.map(block);
  const htmlBody = emailDocument({
    title: subject,
    foundationName: foundation.name,
    foundationUrl: foundation.url,
    kind: yours,
    greetingName: greeting,
    opening,
    details: [],
    sections: blocks.flatMap((b) => [
      html`<tr><td style="padding:0 24px 8px;font-size:14px;line-height:1.5;"><strong>${b.number}</strong><br>${b.session}<br>${b.names}</td></tr>`,
      linkButton(b.link, yours),
    ]),
    locale,
  });
  const text = [
    dearLine(greeting, locale),
    '',
    opening,
    '',
    ...blocks.flatMap((b) => [b.number, b.session, b.names, b.link, '']),
    i18n._('If you did not ask for this, ignore this e-mail: nothing changes.'),
    '',
    foundation.name,
    foundation.url,
  ].join('\n');
  return { to: headerValue(to), subject: headerValue(subject), html: htmlBody, text: `${text}\n` };
}

export function createLinksMailRenderer(context: FamilyMailContext): MailRenderer {
  return async (subjectIds) => {
    const ids = subjectIds.filter(isUuid);
    const rendered = new Map<string, RenderedMail>();
    if (ids.length === 0) return rendered;
    const requests = await context.db.select().from(familyLinkRequests).where(inArray(familyLinkRequests.id, ids));
    const names = await centerNames(context.siteSource);
    for (const request of requests) {
      const found = await context.db
        .select({ id: registrations.id })
        .from(registrations)
        .where(sql`lower(${registrations.email}) = lower(${request.email})`)
        .orderBy(asc(registrations.number));
      const links: RegistrationLink[] = [];
      for (const { id } of found) {
        const family = await loadFamily(context.db, id);
        if (!family) continue;
        links.push({
          family,
          link: familyPageUrl(context.storeUrl, context.key, id, family.session?.startsAt ?? null),
          centerName: family.session ? names(family.session.centerId) : '',
        });
      }
      if (links.length === 0) continue;
      rendered.set(request.id, renderLinksMail(request.email, links, context.site.foundation));
    }
    return rendered;
  };
}
