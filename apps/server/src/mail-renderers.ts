/**
 * Who writes each kind of queued e-mail, wired at start-up (main.ts) into the mail worker: the
 * modules that own the data register their renderers here, so the mail module imports none of them
 * and what queues a message (a settlement, a registration) never imports a template. The account
 * links' renderers need the session secret: the links' tokens are made again at send time.
 */
import type { Site } from '@store/shared/site';
import type { Database } from '#src/db/client';
import type { AppSecrets } from '#src/db/secrets';
import { dashboardUrl } from '#src/lib/dashboard-url';
import { EMAIL_CHANGED_KIND, LINK_MAIL_KIND } from '#src/modules/auth/account-link-kinds';
import { createAccountLinkRenderer } from '#src/modules/auth/account-link-mail';
import { LINK_PURPOSES, linkKey } from '#src/modules/auth/account-link-token';
import { createEmailChangedRenderer } from '#src/modules/auth/email-changed-mail';
import { GUESSING_ALERT_KIND } from '#src/modules/auth/guessing-alert';
import { createGuessingAlertRenderer } from '#src/modules/auth/guessing-alert-mail';
import { CERTIFICATE_KIND } from '#src/modules/certificates/certificate-kind';
import { createCertificateRenderer } from '#src/modules/certificates/certificate-mail';
import { receiptAddressLink } from '#src/modules/checkout/receipt-address-link';
import { createReceiptCorrectionRenderer, createReceiptRenderer } from '#src/modules/checkout/receipt-renderer';
import { EVENT_MESSAGE_KIND } from '#src/modules/event-messages/event-message-kind';
import { createEventMessageRenderer } from '#src/modules/event-messages/event-message-mail';
import { OFFICIAL_RECEIPT_KIND, RECEIPT_CORRECTION_KIND, RECEIPT_KIND } from '#src/modules/ledger/index';
import type { MailRenderer, MailRenderers } from '#src/modules/mail/render';
import { createBillingNoticeRenderer } from '#src/modules/monthly-giving/billing-mail';
import { CHARGE_DECLINED_KIND, GIFT_PAUSED_KIND } from '#src/modules/monthly-giving/billing-mail-kinds';
import { createChangeMailRenderer } from '#src/modules/registration-manage/change-mail';
import { CHANGE_MAIL_KIND, LINKS_MAIL_KIND } from '#src/modules/registration-manage/change-mail-kind';
import { createLinksMailRenderer } from '#src/modules/registration-manage/lost-link-mail';
import { CONFIRMATION_KIND } from '#src/modules/registrations/confirmation-kind';
import { eventLinkKey } from '#src/modules/registrations/event-link';
import { createCodeStepLockedRenderer } from '#src/modules/staff/code-step-lock-mail';
import { CODE_STEP_LOCKED_KIND } from '#src/modules/staff/code-step-lock-notice';
import { STATEMENT_KIND } from '#src/modules/statements/statement-kind';
import { createStatementRenderer } from '#src/modules/statements/statement-renderer';
import { createConfirmationRenderer } from '#src/modules/tickets/confirmation-renderer';
import { ticketKeys } from '#src/modules/tickets/ticket-keys';
import { TRIBUTE_CARD_KIND } from '#src/modules/tributes/tribute-card-kind';
import { createTributeCardRenderer } from '#src/modules/tributes/tribute-card-mail';
import { WAITLIST_OFFER_KIND } from '#src/modules/waiting-list/offer-kind';
import { createOfferMailRenderer } from '#src/modules/waiting-list/offer-mail';
import { fixedSiteSource, type SiteSource } from '#src/site/site-source';

export function mailRenderers({
  db,
  site,
  siteSource = fixedSiteSource(site),
  secrets,
  signature,
  certificateSignature = null,
  storeUrl = site.foundation.url,
}: {
  db: Database;
  site: Site;
  /** The catalogue, centers and event as edited (issue 21); unset, site.json's. */
  siteSource?: SiteSource | undefined;
  secrets: AppSecrets;
  /** The CRA receipts' signature image (receipts/signature-image.ts). */
  signature: Uint8Array | null;
  /** The certificates' signature image (certificate.signatureImage); unset, none. */
  certificateSignature?: Uint8Array | null;
  /**
   * The store's origin (ALLOWED_ORIGINS' first entry), for links to the dashboard and the receipt's
   * "add your address" page; unset, the foundation's URL.
   */
  storeUrl?: string | undefined;
}): MailRenderers {
  const key = linkKey(secrets.session);
  const links: Record<string, MailRenderer> = {};
  for (const purpose of LINK_PURPOSES) {
    links[LINK_MAIL_KIND[purpose]] = createAccountLinkRenderer({ db, site, key, purpose });
  }
  const receipts = createReceiptRenderer({
    db,
    siteSource,
    signature,
    addressLink: (orderId) => receiptAddressLink(storeUrl, key, orderId),
    dashboardLink: dashboardUrl(storeUrl),
  });
  const family = { db, site, siteSource, key: eventLinkKey(secrets.session), storeUrl };
  return {
    [RECEIPT_KIND]: receipts,
    [OFFICIAL_RECEIPT_KIND]: receipts,
    [RECEIPT_CORRECTION_KIND]: createReceiptCorrectionRenderer({ db, siteSource, signature }),
    [STATEMENT_KIND]: createStatementRenderer({ db, siteSource }),
    [CONFIRMATION_KIND]: createConfirmationRenderer({
      db,
      siteSource,
      keys: ticketKeys(secrets.ticketSigning),
      linkKey: eventLinkKey(secrets.session),
      storeUrl,
    }),
    [CHANGE_MAIL_KIND]: createChangeMailRenderer(family),
    [LINKS_MAIL_KIND]: createLinksMailRenderer(family),
    [GUESSING_ALERT_KIND]: createGuessingAlertRenderer({ db, site }),
    [CODE_STEP_LOCKED_KIND]: createCodeStepLockedRenderer({ db, site }),
    ...links,
    [EMAIL_CHANGED_KIND]: createEmailChangedRenderer({ db, site }),
    [CHARGE_DECLINED_KIND]: createBillingNoticeRenderer({ db, site, storeUrl, notice: 'declined' }),
    [GIFT_PAUSED_KIND]: createBillingNoticeRenderer({ db, site, storeUrl, notice: 'paused' }),
    [EVENT_MESSAGE_KIND]: createEventMessageRenderer({ db, site, key: eventLinkKey(secrets.session), storeUrl }),
    [CERTIFICATE_KIND]: createCertificateRenderer({ db, siteSource, signature: certificateSignature }),
    [WAITLIST_OFFER_KIND]: createOfferMailRenderer({ db, siteSource, key: eventLinkKey(secrets.session), storeUrl }),
    [TRIBUTE_CARD_KIND]: createTributeCardRenderer({ db, site }),
  };
}
