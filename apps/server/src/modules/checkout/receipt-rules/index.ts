/**
 * The receipt of each entity's rules (site.ts RECEIPT_RULES). A country's rules are data in
 * site.json (`taxReceipts`) and one builder here: India's 80G receipt would be `in-80g` in
 * RECEIPT_RULES, its trust's details under `taxReceipts`, and one file beside these. The checkout
 * never changes for it: it only stores which entity took the gift.
 */
import type { ReceiptRules } from '@store/shared/site';
import type { ReceiptDocument } from '#src/modules/receipts/tax-document';
import { craReceipt } from './ca-cra';
import type { ReceiptContext } from './receipt-context';
import { giftAidReceipt } from './uk-gift-aid';
import { irsReceipt } from './us-irs';

export const RECEIPT_RULE_BUILDERS: Record<ReceiptRules, (context: ReceiptContext) => ReceiptDocument> = {
  'us-irs': irsReceipt,
  'ca-cra': craReceipt,
  'uk-gift-aid': giftAidReceipt,
};
