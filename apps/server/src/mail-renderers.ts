/**
 * Who writes each kind of queued e-mail, wired at start-up (main.ts) into the mail worker: the
 * modules that own the data register their renderers here, so the mail module imports none of them
 * and what queues a message (a settlement, a registration) never imports a template.
 */
import type { Site } from '@store/shared/site';
import type { Database } from '#src/db/client';
import { GUESSING_ALERT_KIND } from '#src/modules/auth/guessing-alert';
import { createGuessingAlertRenderer } from '#src/modules/auth/guessing-alert-mail';
import { RECEIPT_KIND } from '#src/modules/checkout/receipt-kind';
import { createReceiptRenderer } from '#src/modules/checkout/receipt-renderer';
import type { MailRenderers } from '#src/modules/mail/render';
import { CONFIRMATION_KIND } from '#src/modules/registrations/confirmation-kind';
import { createConfirmationRenderer } from '#src/modules/registrations/confirmation-renderer';

export function mailRenderers({ db, site }: { db: Database; site: Site }): MailRenderers {
  return {
    [RECEIPT_KIND]: createReceiptRenderer({ db, site }),
    [CONFIRMATION_KIND]: createConfirmationRenderer({ db, site }),
    [GUESSING_ALERT_KIND]: createGuessingAlertRenderer({ db, site }),
  };
}
