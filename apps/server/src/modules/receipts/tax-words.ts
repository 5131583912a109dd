/**
 * The sentences tax receipts and statements must say (issue 20), in one place: IRS Publication 1771
 * for US centers, the CRA's official donation receipt for Canadian ones, Gift Aid for UK ones. Receipts
 * (checkout/receipt-document.ts) and statements (statements/statement-document.ts) both use them.
 */
import { formatCents } from '@store/shared/money';
import type { TaxReceipts } from '@store/shared/site';
import type { TaxIssuer } from './tax-document';

export const taxWords = {
  noGoodsOrServices: 'No goods or services were provided in exchange for this contribution.',
  keepForRecords: 'Please keep this receipt for your tax records.',
  usNotConfigured:
    'This is not an official receipt for tax purposes: the foundation has not set out its tax details (legal name, address and EIN).',
  craTitle: 'Official receipt for income tax purposes',
  craNotOfficial: 'This is not an official receipt for income tax purposes.',
  /** How a donor whose gift was made without their address gets the official receipt (issue-official-receipt.ts). */
  craAddAddress:
    "The donor's address was not given. To get the official receipt, add your address from the link in your receipt e-mail, or on your dashboard when signed in with this e-mail address: the official receipt is then issued and e-mailed to you.",
  craWebsite: 'Canada Revenue Agency: www.canada.ca/charities-giving',
  testStatement:
    'TEST – no payment was taken. This is not a receipt for a donation and nothing on it is tax-deductible.',
  /** A UK gift's receipt: the UK has no deductibility receipt; Gift Aid is the charity's claim. */
  giftAidDeclared: 'Gift Aid: you declared this gift for Gift Aid. Your declaration:',
  giftAidNotDeclared:
    'Gift Aid: no Gift Aid declaration was made on this gift. If you are a UK taxpayer, ask us to add one and the charity can claim 25p for every £1 you gave.',
  giftAidKeepUsInformed:
    'Please tell us if you want to cancel this declaration, change your name or home address, or no longer pay enough Income Tax and/or Capital Gains Tax.',
  ukNotTaxReceipt:
    'This receipt confirms your gift. In the UK a gift is not deducted from income; Gift Aid is claimed by the charity.',
  ukNotConfigured: 'The foundation has not set out its UK charity details (legal name, address and charity number).',
} as const;

/**
 * Pub 1771's quid pro quo disclosure: what the donor received, its estimate, and what is deductible.
 * `refunded`: a corrected receipt, whose deductible amount is what was kept minus that value.
 */
export function quidProQuo(
  valueCents: number,
  received: readonly string[],
  deductibleCents: number,
  refunded = false,
  currency = 'USD',
): string {
  const base = refunded ? 'the amount kept by the foundation after the refund' : 'the amount paid';
  return `In exchange for this payment you received goods or services (${received.join('; ')}) with an estimated fair market value of ${formatCents(valueCents, currency)}. The amount deductible for federal income tax purposes is limited to ${base} minus that value: ${formatCents(deductibleCents, currency)}.`;
}

export function purchasesAreNotGifts(names: readonly string[]): string {
  return `Purchases (${names.join(', ')}) are sales, not contributions, and are not tax-deductible.`;
}

export function usExemptStatus(us: NonNullable<TaxReceipts['us']>): string {
  return `${us.legalName} (EIN ${us.ein}) is a tax-exempt non-profit organization; contributions are deductible to the extent allowed by law.`;
}

/** The CRA's rule: an advantage over 80% of the gift means no official receipt can be issued. */
export const CRA_MAX_ADVANTAGE_SHARE = 0.8;

export function craAdvantage(advantageCents: number, received: readonly string[], currency = 'USD'): string {
  return `Advantage received by the donor: ${received.join('; ')}, valued at ${formatCents(advantageCents, currency)}. The eligible amount of the gift is the amount received minus the advantage.`;
}

export function craNoEligibleAmount(reason: string): string {
  return `${taxWords.craNotOfficial} ${reason}`;
}

/** The issuer block for a country's documents: legal name, address and identifier when set up. */
export function taxIssuer(
  taxReceipts: TaxReceipts,
  country: 'US' | 'CA' | 'GB',
  foundation: { name: string; url: string },
): TaxIssuer {
  if (country === 'GB' && taxReceipts.uk) {
    const uk = taxReceipts.uk;
    return {
      name: uk.legalName,
      address: uk.address,
      url: foundation.url,
      identifiers: [`Registered charity number ${uk.charityNumber}`],
    };
  }
  if (country === 'CA' && taxReceipts.canada) {
    const ca = taxReceipts.canada;
    return {
      name: ca.legalName,
      address: ca.address,
      url: foundation.url,
      identifiers: [`Charity registration number ${ca.registrationNumber}`],
    };
  }
  if (country === 'US' && taxReceipts.us) {
    const us = taxReceipts.us;
    return { name: us.legalName, address: us.address, url: foundation.url, identifiers: [`EIN ${us.ein}`] };
  }
  return { name: foundation.name, address: null, url: foundation.url, identifiers: [] };
}
