/**
 * The HTML confirmation, in the e-mail frame every message shares (mail/email-layout.ts). Every
 * value goes through the `html` tag, which escapes it: the registrants' names and addresses are
 * whatever the visitor typed.
 */
import { CELL, detail, emailDocument, HEAD } from '#src/modules/mail/email-layout';
import { html } from '#src/modules/mail/html';
import { type ConfirmationView, familyPageOffer, openingOf } from './confirmation-view';

const TOP_CELL = `${CELL}vertical-align:top;`;

/** `places`: the paragraphs about the family's places (confirmation.ts's confirmationPlaces). */
export function confirmationHtml(view: ConfirmationView, places: readonly string[] = []): string {
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
        <th scope="col" style="${HEAD}">Name</th>
        <th scope="col" style="${HEAD}text-align:right;">Age</th>
        <th scope="col" style="${HEAD}">Category or parents</th>
        <th scope="col" style="${HEAD}">Location</th>
      </tr>
      ${rows}
    </table>
  </td></tr>`;
  const placesRows = places.map(
    (line) => html`<tr><td style="padding:0 24px 12px;font-size:14px;line-height:1.5;">${line}</td></tr>`,
  );
  const link = view.familyLink
    ? html`<tr><td style="padding:4px 24px 16px;font-size:14px;line-height:1.5;">
    <a href="${view.familyLink}" style="display:inline-block;padding:10px 16px;background:#1d4e89;color:#ffffff;text-decoration:none;border-radius:4px;font-weight:bold;">Your registration</a><br>
    ${familyPageOffer(view)}
  </td></tr>`
    : html``;
  const quote = html`<tr><td style="padding:0 24px 16px;font-size:14px;line-height:1.5;">
    Please quote ${view.registrationNumber} when you write to us about this registration.
  </td></tr>`;
  return emailDocument({
    title: `Registration ${view.registrationNumber}`,
    foundationName: view.foundationName,
    foundationUrl: view.foundationUrl,
    kind: `${view.eventTitle} registration`,
    greetingName: view.greetingName,
    opening: openingOf(view),
    details: [
      detail('Registration number', view.registrationNumber),
      detail('Registered', view.date),
      ...(view.session
        ? [
            detail('Event', view.eventTitle),
            detail('When', view.session.startsAt),
            detail('Where', `${view.session.centerName}, ${view.session.hall}`),
            detail('Address', view.session.address),
          ]
        : [detail('Event', `${view.eventTitle}, ${view.eventDate}`), detail('Venue', view.eventVenue)]),
    ],
    sections: [...placesRows, people, link, quote],
  });
}
