/**
 * The family page's e-mails in the outbox, each kind with the renderer this module registers
 * (src/mail-renderers.ts). A change's e-mail has a subject id of its own (one per change: a family may
 * change several times) and carries what changed in its payload, since the rows only hold what is now.
 */
export const CHANGE_MAIL_KIND = 'registration-change';
export const LINKS_MAIL_KIND = 'registration-links';
