/**
 * The HTML confirmation. Mail clients ignore <style> blocks and most CSS, so the layout is tables
 * with inline styles and a 600 px column, as the receipt's. Every value goes through the `html` tag,
 * which escapes it: the registrants' names and addresses are whatever the visitor typed.
 */
import { html } from '../mail/html';
import type { ConfirmationView } from './confirmation';

const FONT = 'font-family:Arial,Helvetica,sans-serif;color:#222222;';
const CELL = 'padding:8px;border-bottom:1px solid #e5e5e5;font-size:14px;vertical-align:top;';
const HEAD = 'padding:8px;border-bottom:2px solid #cccccc;font-size:13px;text-align:left;color:#555555;';

function detail(label: string, value: string) {
  return html`<tr>
      <td style="padding:3px 12px 3px 0;font-size:14px;color:#555555;white-space:nowrap;">${label}</td>
      <td style="padding:3px 0;font-size:14px;">${value}</td>
    </tr>`;
}

export function confirmationHtml(view: ConfirmationView): string {
  const rows = view.registrants.map(
    (r) => html`<tr>
        <td style="${CELL}">${r.position}</td>
        <td style="${CELL}">${r.name}</td>
        <td style="${CELL}text-align:right;">${r.age}</td>
        <td style="${CELL}">${r.details}</td>
        <td style="${CELL}">${r.location}</td>
      </tr>`,
  );
  return html`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Registration ${view.registrationNumber}</title>
</head>
<body style="margin:0;padding:0;background:#f4f4f4;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f4;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:6px;${FONT}">
  <tr><td style="padding:24px 24px 8px;">
    <h1 style="margin:0 0 4px;font-size:22px;">${view.foundationName}</h1>
    <p style="margin:0;font-size:14px;color:#555555;">${view.eventTitle} registration</p>
  </td></tr>
  <tr><td style="padding:16px 24px 0;font-size:15px;line-height:1.5;">
    <p style="margin:0 0 12px;">Dear ${view.greetingName},</p>
    <p style="margin:0 0 16px;">Thank you for registering for the ${view.eventTitle}. This confirms the registration of ${view.registered}.</p>
  </td></tr>
  <tr><td style="padding:0 24px 16px;">
    <table role="presentation" cellpadding="0" cellspacing="0">
      ${detail('Registration number', view.registrationNumber)}
      ${detail('Registered', view.date)}
      ${detail('Event', `${view.eventTitle}, ${view.eventDate}`)}
      ${detail('Venue', view.eventVenue)}
    </table>
  </td></tr>
  <tr><td style="padding:0 24px 16px;">
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
  </td></tr>
  <tr><td style="padding:0 24px 16px;font-size:14px;line-height:1.5;">
    Please quote ${view.registrationNumber} when you write to us about this registration.
  </td></tr>
  <tr><td style="padding:8px 24px 24px;font-size:12px;color:#777777;line-height:1.5;">
    <a href="${view.foundationUrl}" style="color:#555555;">${view.foundationName}</a>
  </td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`.value;
}
