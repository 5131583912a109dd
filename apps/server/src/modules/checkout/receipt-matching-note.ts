/**
 * What the receipt e-mail of a gift flagged for matching tells the donor to do next: ask
 * the employer, with this receipt, and the legal name and tax number their form asks for. In the
 * order's language (decision 0042). Without a tax number in site.json it says where to ask for it,
 * never an empty number.
 */
import { type CheckoutMatching, taxIdLabels } from '@store/shared/matching-next-steps';
import { serverI18n } from '#src/i18n/server-i18n';
import type { orders } from '#src/modules/ledger/index';

type Order = Pick<typeof orders.$inferSelect, 'locale'>;

/** The note's lines: the heading step, the legal name, the tax number (or where to ask for it). */
export function matchingReceiptNote(order: Order, matching: CheckoutMatching | null): string[] {
  if (!matching) return [];
  const i18n = serverI18n(order.locale);
  const taxId = i18n._(taxIdLabels[matching.taxIdKind]);
  return [
    i18n._(
      'Ask {employer} to match your gift: fill in their matching gift form and attach this receipt. The form asks for our legal name and {taxId}.',
      { employer: matching.employer, taxId },
    ),
    i18n._('Legal name: {legalName}', { legalName: matching.legalName }),
    matching.ein
      ? i18n._('{taxId}: {number}', { taxId, number: matching.ein })
      : i18n._('Our {taxId} is not listed here: ask us for it at {url} before you send the form.', {
          taxId,
          url: matching.askAt ?? '',
        }),
  ];
}
