/**
 * The offer e-mail: places have freed in the family's session and are held for them until the offer's
 * expiry, written in the session's own zone (a Fremont family reads Pacific time), with the button
 * that accepts them. Written when the worker sends it, from the offer's rows; an offer that is no
 * longer open by then (accepted, lapsed, withdrawn) is still written as it was made, since the queued
 * message records that it was made. In the language the family registered in (decision 0042).
 */
import type { Locale } from '@store/shared/i18n/locales';
import { formatRegistrationNumber } from '@store/shared/registration';
import { waitingListTexts } from '@store/shared/waiting-list';
import type { Database } from '#src/db/client';
import { serverI18n } from '#src/i18n/server-i18n';
import { isUuid } from '#src/lib/uuid';
import { formatDateTime } from '#src/modules/mail/date-format';
import { detail, emailDocument } from '#src/modules/mail/email-layout';
import { greetingName } from '#src/modules/mail/greeting';
import { html } from '#src/modules/mail/html';
import { linkButton } from '#src/modules/mail/link-button';
import { headerValue } from '#src/modules/mail/outbox';
import { plainLetter } from '#src/modules/mail/plain-letter';
import type { MailRenderer, RenderedMail } from '#src/modules/mail/render';
import type { EventLinkKey } from '#src/modules/registrations/event-link';
import type { SiteSource } from '#src/site/site-source';
import { type OfferDetails, offerDetails } from './offer-details';
import { offerLink } from './offer-link';

export type OfferMailView = {
  /** The family's language (their registration's); unset, English. */
  locale?: Locale | undefined;
  foundationName: string;
  foundationUrl: string;
  eventTitle: string;
  registrationNumber: string;
  greeting: string;
  people: string[];
  centerName: string;
  hall: string;
  address: string;
  startsAt: string;
  heldUntil: string;
  link: string;
};

export function renderOfferMail(to: string, view: OfferMailView): RenderedMail {
  const locale = view.locale ?? 'en';
  const i18n = serverI18n(locale);
  const subject = i18n._('{event}: places are free for you ({number})', {
    event: view.eventTitle,
    number: view.registrationNumber,
  });
  const values = { center: view.centerName, count: view.people.length, people: view.people.join(', ') };
  const opening = i18n._(
    'Places have freed at {center}, and your family is next in line: {count, plural, one {a place} other {# places}} for {people}.',
    values,
  );
  const hold = `${i18n._(waitingListTexts.heldUntil, { when: view.heldUntil })} ${i18n._('After that they go to the next family in line.')}`;
  const accept = i18n._(waitingListTexts.accept);
  const label = {
    registration: i18n._('Registration'),
    where: i18n._('Where'),
    address: i18n._('Address'),
    when: i18n._('When'),
  };
  const htmlBody = emailDocument({
    title: subject,
    foundationName: view.foundationName,
    foundationUrl: view.foundationUrl,
    kind: i18n._('Waiting list'),
    greetingName: view.greeting,
    opening,
    details: [
      detail(label.registration, view.registrationNumber),
      detail(label.where, `${view.centerName}, ${view.hall}`),
      detail(label.address, view.address),
      detail(label.when, view.startsAt),
      detail(i18n._('Held until'), view.heldUntil),
    ],
    sections: [
      html`<tr><td style="padding:0 24px 16px;font-size:14px;line-height:1.5;">${hold}</td></tr>`,
      linkButton(view.link, accept),
    ],
    locale,
  });
  const text = plainLetter(
    view.greeting,
    [
      opening,
      `${label.registration}: ${view.registrationNumber}\n${label.where}: ${view.centerName}, ${view.hall}\n${label.address}: ${view.address}\n${label.when}: ${view.startsAt}`,
      hold,
      `${accept}: ${view.link}`,
    ],
    view,
    locale,
  );
  return { to: headerValue(to), subject: headerValue(subject), html: htmlBody, text };
}

export function offerMailView(
  details: OfferDetails,
  site: {
    foundation: { name: string; url: string };
    event: { title: string };
    centers: { id: number; name: string }[];
  },
  link: string,
): OfferMailView {
  const { session, offer, registration, people } = details;
  const { locale } = registration;
  const i18n = serverI18n(locale);
  return {
    locale,
    foundationName: site.foundation.name,
    foundationUrl: site.foundation.url,
    eventTitle: site.event.title,
    registrationNumber: formatRegistrationNumber(registration.number),
    greeting: greetingName(people[0]?.firstName, locale),
    people: people.map((p) => `${p.firstName} ${p.lastName}`),
    centerName: site.centers.find((center) => center.id === session.centerId)?.name ?? i18n._('your center'),
    hall: session.hall,
    address: session.address,
    startsAt: formatDateTime(session.startsAt, session.timeZone, locale),
    heldUntil: formatDateTime(offer.expiresAt, session.timeZone, locale),
    link,
  };
}

export function createOfferMailRenderer({
  db,
  siteSource,
  key,
  storeUrl,
}: {
  db: Database;
  siteSource: SiteSource;
  key: EventLinkKey;
  storeUrl: string;
}): MailRenderer {
  return async (subjectIds) => {
    const ids = subjectIds.filter(isUuid); // An outbox row's subject id is free text.
    const found = await offerDetails(db, ids);
    if (found.size === 0) return new Map();
    const { site } = await siteSource.current();
    const rendered = new Map<string, RenderedMail>();
    for (const [id, details] of found) {
      rendered.set(
        id,
        renderOfferMail(
          details.registration.email,
          offerMailView(details, site, offerLink(storeUrl, key, details.offer)),
        ),
      );
    }
    return rendered;
  };
}
