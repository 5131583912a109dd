/**
 * The HTML confirmation, in the e-mail frame every message shares (mail/email-layout.ts). Every
 * value goes through the `html` tag, which escapes it: the registrants' names and addresses are
 * whatever the visitor typed.
 */
import { CELL, detail, emailDocument, HEAD } from '#src/modules/mail/email-layout';
import { html } from '#src/modules/mail/html';
import type { ConfirmationView } from './confirmation-view';

const TOP_CELL = `${CELL}vertical-align:top;`;

export function confirmationHtml(view: ConfirmationView): string {
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
  const quote = html`<tr><td style="padding:0 24px 16px;font-size:14px;line-height:1.5;">
    Please quote ${view.registrationNumber} when you write to us about this registration.
  </td></tr>`;
  return emailDocument({
    title: `Registration ${view.registrationNumber}`,
    foundationName: view.foundationName,
    foundationUrl: view.foundationUrl,
    kind: `${view.eventTitle} registration`,
    greetingName: view.greetingName,
    opening: `Thank you for registering for the ${view.eventTitle}. This confirms the registration of ${view.registered}.`,
    details: [
      detail('Registration number', view.registrationNumber),
      detail('Registered', view.date),
      detail('Event', `${view.eventTitle}, ${view.eventDate}`),
      detail('Venue', view.eventVenue),
    ],
    sections: [people, quote],
  });
}
