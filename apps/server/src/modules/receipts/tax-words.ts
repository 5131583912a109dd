/**
 * The sentences tax receipts and statements must say (issue 20), in one place: IRS Publication 1771
 * for US centers, the CRA's official donation receipt for Canadian ones, Gift Aid for UK ones. Receipts
 * (checkout/receipt-document.ts) and statements (statements/statement-document.ts) both use them.
 * They stay in English on every receipt, as the tax authorities word them; a Telugu or Hindi
 * document prints each one's translation after it (the `documents` catalogue, decision 0042).
 */
import { formatCents } from '@store/shared/money';
import type { TaxReceipts } from '@store/shared/site';
import type { TaxIssuer } from './tax-document';

export const taxWords = {
  noGoodsOrServices: /*i18n*/ 'No goods or services were provided in exchange for this contribution.',
  keepForRecords: /*i18n*/ 'Please keep this receipt for your tax records.',
  usNotConfigured:
    /*i18n*/ 'This is not an official receipt for tax purposes: the foundation has not set out its tax details (legal name, address and EIN).',
  craTitle: /*i18n*/ 'Official receipt for income tax purposes',
  craNotOfficial: /*i18n*/ 'This is not an official receipt for income tax purposes.',
  /** How a donor whose gift was made without their address gets the official receipt (issue-official-receipt.ts). */
  craAddAddress:
    /*i18n*/ "The donor's address was not given. To get the official receipt, add your address from the link in your receipt e-mail, or on your dashboard when signed in with this e-mail address: the official receipt is then issued and e-mailed to you.",
  craWebsite: /*i18n*/ 'Canada Revenue Agency: www.canada.ca/charities-giving',
  testStatement:
    /*i18n*/ 'TEST – no payment was taken. This is not a receipt for a donation and nothing on it is tax-deductible.',
  /** A UK gift's receipt: the UK has no deductibility receipt; Gift Aid is the charity's claim. */
  giftAidDeclared: /*i18n*/ 'Gift Aid: you declared this gift for Gift Aid. Your declaration:',
  giftAidNotDeclared:
    /*i18n*/ 'Gift Aid: no Gift Aid declaration was made on this gift. If you are a UK taxpayer, ask us to add one and the charity can claim 25p for every £1 you gave.',
  giftAidKeepUsInformed:
    /*i18n*/ 'Please tell us if you want to cancel this declaration, change your name or home address, or no longer pay enough Income Tax and/or Capital Gains Tax.',
  ukNotTaxReceipt:
    /*i18n*/ 'This receipt confirms your gift. In the UK a gift is not deducted from income; Gift Aid is claimed by the charity.',
  ukNotConfigured:
    /*i18n*/ 'The foundation has not set out its UK charity details (legal name, address and charity number).',
} as const;

/**
 * The legal sentences that carry values, as messages: the English is the message filled in
 * (`fillMessage`), so a receipt says word for word what it said before languages, and a Telugu or
 * Hindi receipt prints the message's translation after it (receipts/pdf/tax-document-words.ts).
 */
export const taxMessages = {
  quidProQuo:
    /*i18n*/ 'In exchange for this payment you received goods or services ({received}) with an estimated fair market value of {value}. The amount deductible for federal income tax purposes is limited to the amount paid minus that value: {deductible}.',
  quidProQuoRefunded:
    /*i18n*/ 'In exchange for this payment you received goods or services ({received}) with an estimated fair market value of {value}. The amount deductible for federal income tax purposes is limited to the amount kept by the foundation after the refund minus that value: {deductible}.',
  purchasesAreNotGifts: /*i18n*/ 'Purchases ({names}) are sales, not contributions, and are not tax-deductible.',
  usExemptStatus:
    /*i18n*/ '{legalName} (EIN {ein}) is a tax-exempt non-profit organization; contributions are deductible to the extent allowed by law.',
  craAdvantage:
    /*i18n*/ 'Advantage received by the donor: {received}, valued at {value}. The eligible amount of the gift is the amount received minus the advantage.',
  /** `{reason}` is one of the sentences below, or taxWords.craAddAddress. */
  craNoEligibleAmount: /*i18n*/ 'This is not an official receipt for income tax purposes. {reason}',
  ukCharityNumber: /*i18n*/ 'Registered charity number {number}',
  craRegistrationNumber: /*i18n*/ 'Charity registration number {number}',
  ein: /*i18n*/ 'EIN {ein}',
} as const;

/**
 * A message with its `{name}` placeholders filled in, as the English document prints it. Only plain
 * placeholders: the legal sentences have no plurals, and their English is exactly this text.
 */
export function fillMessage(message: string, values: Readonly<Record<string, string>>): string {
  return message.replace(/\{(\w+)\}/g, (placeholder, name: string) => values[name] ?? placeholder);
}

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
  return fillMessage(refunded ? taxMessages.quidProQuoRefunded : taxMessages.quidProQuo, {
    received: received.join('; '),
    value: formatCents(valueCents, currency),
    deductible: formatCents(deductibleCents, currency),
  });
}

export function purchasesAreNotGifts(names: readonly string[]): string {
  return fillMessage(taxMessages.purchasesAreNotGifts, { names: names.join(', ') });
}

export function usExemptStatus(us: NonNullable<TaxReceipts['us']>): string {
  return fillMessage(taxMessages.usExemptStatus, { legalName: us.legalName, ein: us.ein });
}

/** The CRA's rule: an advantage over 80% of the gift means no official receipt can be issued. */
export const CRA_MAX_ADVANTAGE_SHARE = 0.8;

export function craAdvantage(advantageCents: number, received: readonly string[], currency = 'USD'): string {
  return fillMessage(taxMessages.craAdvantage, {
    received: received.join('; '),
    value: formatCents(advantageCents, currency),
  });
}

/** `taxWords.craNotOfficial`, then why. */
export function craNoEligibleAmount(reason: string): string {
  return fillMessage(taxMessages.craNoEligibleAmount, { reason });
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
      identifiers: [fillMessage(taxMessages.ukCharityNumber, { number: uk.charityNumber })],
    };
  }
  if (country === 'CA' && taxReceipts.canada) {
    const ca = taxReceipts.canada;
    return {
      name: ca.legalName,
      address: ca.address,
      url: foundation.url,
      identifiers: [fillMessage(taxMessages.craRegistrationNumber, { number: ca.registrationNumber })],
    };
  }
  if (country === 'US' && taxReceipts.us) {
    const us = taxReceipts.us;
    return {
      name: us.legalName,
      address: us.address,
      url: foundation.url,
      identifiers: [fillMessage(taxMessages.ein, { ein: us.ein })],
    };
  }
  return { name: foundation.name, address: null, url: foundation.url, identifiers: [] };
}
