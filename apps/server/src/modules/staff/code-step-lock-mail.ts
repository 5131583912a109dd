/**
 * The e-mail telling a staff member their code step is locked (code-step-lock-notice.ts), written
 * by the mail worker when it sends it (registered in src/mail-renderers.ts). Whoever reached the
 * code step typed the member's password, so the message says to change it. No link to click: an
 * alert that asks to follow a link is what phishing looks like.
 */
import type { Site } from '@store/shared/site';
import { inArray } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { admins } from '#src/modules/admins/tables';
import { emailDocument } from '#src/modules/mail/email-layout';
import { html } from '#src/modules/mail/html';
import { headerValue } from '#src/modules/mail/outbox';
import { plainLetter } from '#src/modules/mail/plain-letter';
import type { MailRenderer, RenderedMail } from '#src/modules/mail/render';
import { renderByRecord } from '#src/modules/mail/render-by-record';
import { CODE_STEP_LIMIT } from './code-step-lock';
import { lockedMemberId } from './code-step-lock-notice';

export const CODE_STEP_LOCKED_SUBJECT = 'Two-factor sign-in to the back office is paused';

const OPENING = `Someone signed in to the back office with your username and password, then entered ${CODE_STEP_LIMIT} wrong two-factor codes within 15 minutes. They were not let in.`;
const WHAT_WE_DO =
  'Two-factor sign-in to your account is paused for everyone, from every address, for up to 15 minutes, or until an owner unlocks it. Your right code is refused too until then.';
const WHAT_TO_DO =
  'If this was not you, your password is known to someone else: change it as soon as you can sign in, and tell an owner.';

export function renderCodeStepLocked(
  email: string,
  view: { foundationName: string; foundationUrl: string; username: string },
): RenderedMail {
  const sections = [WHAT_WE_DO, WHAT_TO_DO].map(
    (text) => html`<tr><td style="padding:0 24px 16px;font-size:14px;line-height:1.5;">${text}</td></tr>`,
  );
  const htmlBody = emailDocument({
    title: CODE_STEP_LOCKED_SUBJECT,
    foundationName: view.foundationName,
    foundationUrl: view.foundationUrl,
    kind: 'Back office security',
    greetingName: view.username,
    opening: OPENING,
    details: [],
    sections,
  });
  const text = plainLetter(view.username, [OPENING, WHAT_WE_DO, WHAT_TO_DO], view);
  return { to: headerValue(email), subject: CODE_STEP_LOCKED_SUBJECT, html: htmlBody, text };
}

export function createCodeStepLockedRenderer({
  db,
  site,
}: {
  db: Database;
  site: Pick<Site, 'foundation'>;
}): MailRenderer {
  return (subjectIds) =>
    renderByRecord(
      subjectIds,
      lockedMemberId,
      (ids) =>
        db
          .select({ id: admins.id, username: admins.username, email: admins.email })
          .from(admins)
          .where(inArray(admins.id, ids)),
      // An address removed since: nothing to send to (the message fails and is given up).
      (member) =>
        member.email
          ? renderCodeStepLocked(member.email, {
              foundationName: site.foundation.name,
              foundationUrl: site.foundation.url,
              username: member.username,
            })
          : undefined,
    );
}
