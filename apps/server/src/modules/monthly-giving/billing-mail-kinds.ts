/**
 * The billing run's e-mails, queued by reference (mail/outbox.ts) with the declined charge's ORDER id
 * as subject: one message per declined try, whatever is run again. billing-mail.ts writes them.
 */

/** "Your monthly gift could not be charged": a retry is scheduled; update the card. */
export const CHARGE_DECLINED_KIND = 'monthly-charge-declined';

/** "Your monthly gift is paused": the last retry was declined too. */
export const GIFT_PAUSED_KIND = 'monthly-gift-paused';
