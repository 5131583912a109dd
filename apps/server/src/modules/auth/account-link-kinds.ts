/**
 * The outbox kinds of account mails (queued by account-links.ts, written by account-link-mail.ts at
 * send time): one per link purpose, each about its account_links row, and the notice to the old
 * address after an e-mail change (about the same row).
 */
import type { LinkPurpose } from './account-link-token';

export const LINK_MAIL_KIND: Readonly<Record<LinkPurpose, string>> = {
  'verify-email': 'account-verify-email',
  'change-email': 'account-change-email',
  'reset-password': 'account-reset-password',
};

export const EMAIL_CHANGED_KIND = 'account-email-changed';
