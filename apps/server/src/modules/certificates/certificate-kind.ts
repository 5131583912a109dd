/**
 * The certificate e-mail's kind in the mail outbox, its subject the registrant's id: the outbox keeps
 * one message per kind and subject, so however often "send" is pressed a registrant gets one mail.
 * Its own file, so what queues the message never imports the template (certificate-mail.ts).
 */
export const CERTIFICATE_KIND = 'recitation-certificate';
