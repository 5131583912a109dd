/**
 * The certificate e-mail, written when the mail worker sends it (registered for CERTIFICATE_KIND in
 * src/mail-renderers.ts): a short letter to the registrant's address with their certificate PDF
 * attached, made from the completion as it stands then (a mark cannot change once queued).
 */
import type { Database } from '#src/db/client';
import { isUuid } from '#src/lib/uuid';
import { detail, emailDocument } from '#src/modules/mail/email-layout';
import { greetingName } from '#src/modules/mail/greeting';
import { headerValue } from '#src/modules/mail/outbox';
import { plainLetter } from '#src/modules/mail/plain-letter';
import type { MailRenderer, RenderedMail } from '#src/modules/mail/render';
import type { SiteSource } from '#src/site/site-source';
import { type MarkedRegistrant, markedRegistrant } from './certificate-document';
import { renderCertificatePdf } from './certificate-pdf';

export function renderCertificateMail(
  marked: MarkedRegistrant,
  foundation: { name: string; url: string },
  pdf: Buffer,
): RenderedMail {
  const { document } = marked;
  const subject = `${document.eventTitle}: the certificate of ${document.name}`;
  const opening = `Thank you for taking part in the ${document.eventTitle}. The certificate of ${document.name} is attached as a PDF, to print or keep.`;
  const later =
    'You can download it again at any time from your registration page, through the link in your confirmation e-mail.';
  const greeting = greetingName(marked.firstName);
  const htmlBody = emailDocument({
    title: subject,
    foundationName: foundation.name,
    foundationUrl: foundation.url,
    kind: 'Certificate of recitation',
    greetingName: greeting,
    opening,
    details: [
      detail('Name', document.name),
      detail('Completed', document.category),
      detail('Where', `${document.centerName}, ${document.hall}`),
      detail('Date', document.date),
    ],
    sections: [],
  });
  const text = plainLetter(
    greeting,
    [
      opening,
      `Name: ${document.name}\nCompleted: ${document.category}\nWhere: ${document.centerName}, ${document.hall}\nDate: ${document.date}`,
      later,
    ],
    { foundationName: foundation.name, foundationUrl: foundation.url },
  );
  return {
    to: headerValue(marked.email),
    subject: headerValue(subject),
    html: htmlBody,
    text,
    attachments: [{ fileName: marked.fileName, contentType: 'application/pdf', content: pdf }],
  };
}

export function createCertificateRenderer({
  db,
  siteSource,
  signature,
}: {
  db: Database;
  siteSource: SiteSource;
  /** site.json certificate.signatureImage's bytes, or null. */
  signature: Uint8Array | null;
}): MailRenderer {
  return async (subjectIds) => {
    const ids = subjectIds.filter(isUuid); // An outbox row's subject id is free text.
    const rendered = new Map<string, RenderedMail>();
    if (ids.length === 0) return rendered;
    const { site } = await siteSource.current();
    // One at a time: each renders a PDF, and a batch of them at once would hold the worker's memory.
    for (const id of ids) {
      const marked = await markedRegistrant(db, id, site);
      if (!marked) continue;
      rendered.set(
        id,
        renderCertificateMail(marked, site.foundation, await renderCertificatePdf(marked.document, signature)),
      );
    }
    return rendered;
  };
}
