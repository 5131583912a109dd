/**
 * The HTML confirmation, in the e-mail frame every message shares (mail/email-layout.ts). Every
 * value goes through the `html` tag, which escapes it: the registrants' names and addresses are
 * whatever the visitor typed.
 */
import { serverI18n } from '#src/i18n/server-i18n';
import { CELL, detail, emailDocument, HEAD } from '#src/modules/mail/email-layout';
import { html } from '#src/modules/mail/html';
import { type ConfirmationView, familyPageOffer, openingOf } from './confirmation-view';

const TOP_CELL = `${CELL}vertical-align:top;`;

/** `places`: the paragraphs about the family's places (confirmation.ts's confirmationPlaces). */
export function confirmationHtml(view: ConfirmationView, places: readonly string[] = []): string {
  const i18n = serverI18n(view.locale);
  const rows = view.registrants.map(
    (r) => html`<tr>
        <td style="${TOP_CELL}">${r.position}</td>
        <td style="${TOP_CELL}">${r.name}</td>
        <td style="${TOP_CELL}text-align:right;">${r.age}</td>
        <td style="${TOP_CELL}">${r.details}</td>
        <td style="${TOP_CELL}">${r.location}</td>
      </tr>`,
  );
  const people = html`<tr><td style="padding:0 24px 16px;">
    <table width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;">
      <tr>
        <th scope="col" style="${HEAD}">#</th>
        <th scope="col" style="${HEAD}">${i18n._('Name')}</th>
        <th scope="col" style="${HEAD}text-align:right;">${i18n._('Age')}</th>
        <th scope="col" style="${HEAD}">${i18n._('Category or parents')}</th>
        <th scope="col" style="${HEAD}">${i18n._('Location')}</th>
      </tr>
      ${rows}
    </table>
  </td></tr>`;
  const placesRows = places.map(
    (line) => html`<tr><td style="padding:0 24px 12px;font-size:14px;line-height:1.5;">${line}</td></tr>`,
  );
  const link = view.familyLink
    ? html`<tr><td style="padding:4px 24px 16px;font-size:14px;line-height:1.5;">
    <a href="${view.familyLink}" style="display:inline-block;padding:10px 16px;background:#1d4e89;color:#ffffff;text-decoration:none;border-radius:4px;font-weight:bold;">${i18n._('Your registration')}</a><br>
    ${familyPageOffer(view)}
  </td></tr>`
    : html``;
  const quote = html`<tr><td style="padding:0 24px 16px;font-size:14px;line-height:1.5;">
    ${i18n._('Please quote {number} when you write to us about this registration.', { number: view.registrationNumber })}
  </td></tr>`;
  return emailDocument({
    title: i18n._('Registration {number}', { number: view.registrationNumber }),
    foundationName: view.foundationName,
    foundationUrl: view.foundationUrl,
    kind: i18n._('{event} registration', { event: view.eventTitle }),
    greetingName: view.greetingName,
    opening: openingOf(view),
    details: [
      detail(i18n._('Registration number'), view.registrationNumber),
      detail(i18n._('Registered'), view.date),
      ...(view.session
        ? [
            detail(i18n._('Event'), view.eventTitle),
            detail(i18n._('When'), view.session.startsAt),
            detail(i18n._('Where'), `${view.session.centerName}, ${view.session.hall}`),
            detail(i18n._('Address'), view.session.address),
          ]
        : [detail(i18n._('Event'), `${view.eventTitle}, ${view.eventDate}`), detail(i18n._('Venue'), view.eventVenue)]),
    ],
    sections: [...placesRows, people, link, quote],
    locale: view.locale,
  });
}
