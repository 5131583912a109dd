/**
 * The certificate e-mail, written when the mail worker sends it (registered for CERTIFICATE_KIND in
 * src/mail-renderers.ts): a short letter to the registrant's address with their certificate PDF
 * attached, made from the completion as it stands then (a mark cannot change once queued). In the
 * language the family registered in, as the certificate is (decision 0042).
 */
import type { Locale } from '@store/shared/i18n/locales';
import type { Database } from '#src/db/client';
import { serverI18n } from '#src/i18n/server-i18n';
import { isUuid } from '#src/lib/uuid';
import { detail, emailDocument } from '#src/modules/mail/email-layout';
import { greetingName } from '#src/modules/mail/greeting';
import { headerValue } from '#src/modules/mail/outbox';
import { plainLetter } from '#src/modules/mail/plain-letter';
import type { MailRenderer, RenderedMail } from '#src/modules/mail/render';
import { localeOfRegistrant } from '#src/modules/registrations/registration-repo';
import type { SiteSource } from '#src/site/site-source';
import { type MarkedRegistrant, markedRegistrant } from './certificate-document';
import { renderCertificatePdf } from './certificate-pdf';

export function renderCertificateMail(
  marked: MarkedRegistrant,
  foundation: { name: string; url: string },
  pdf: Buffer,
  /** The family's language (its registration's); unset, English. The document is already in it. */
  locale: Locale = 'en',
): RenderedMail {
  const { document } = marked;
  const i18n = serverI18n(locale);
  const values = { event: document.eventTitle, name: document.name };
  const subject = i18n._('{event}: the certificate of {name}', values);
  const opening = i18n._(
    'Thank you for taking part in the {event}. The certificate of {name} is attached as a PDF, to print or keep.',
    values,
  );
  const later = i18n._(
    'You can download it again at any time from your registration page, through the link in your confirmation e-mail.',
  );
  const greeting = greetingName(marked.firstName, locale);
  const label = {
    name: i18n._('Name'),
    completed: i18n._('Completed'),
    where: i18n._('Where'),
    date: i18n._('Date'),
  };
  const where = `${document.centerName}, ${document.hall}`;
  const htmlBody = emailDocument({
    title: subject,
    foundationName: foundation.name,
    foundationUrl: foundation.url,
    kind: i18n._('Certificate of recitation'),
    greetingName: greeting,
    opening,
    details: [
      detail(label.name, document.name),
      detail(label.completed, document.category),
      detail(label.where, where),
      detail(label.date, document.date),
    ],
    sections: [],
    locale,
  });
  const text = plainLetter(
    greeting,
    [
      opening,
      `${label.name}: ${document.name}\n${label.completed}: ${document.category}\n${label.where}: ${where}\n${label.date}: ${document.date}`,
      later,
    ],
    { foundationName: foundation.name, foundationUrl: foundation.url },
    locale,
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
      const locale = await localeOfRegistrant(db, id);
      const marked = await markedRegistrant(db, id, site, { locale });
      if (!marked) continue;
      const pdf = await renderCertificatePdf(marked.document, signature);
      rendered.set(id, renderCertificateMail(marked, site.foundation, pdf, locale));
    }
    return rendered;
  };
}
