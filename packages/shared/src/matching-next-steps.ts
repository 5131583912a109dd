/**
 * Employer matching's next steps: the legal name and tax number a donor's employer's
 * matching form asks for, by the entity that took the gift. Plain rules and texts, no zod: the
 * thank-you page reads them (matching.ts has the API's schemas). Texts are marked for `giving`.
 */
import type { EntityCountry, Site } from './site';

/** Which tax number the employer's form asks for, by the country of the entity that took the gift. */
export const TAX_ID_KINDS = ['ein', 'craRegistration', 'ukCharity'] as const;
export type TaxIdKind = (typeof TAX_ID_KINDS)[number];

const TAX_ID_OF_COUNTRY: Record<EntityCountry, TaxIdKind> = { US: 'ein', CA: 'craRegistration', GB: 'ukCharity' };

/** The names of those numbers, as the donor reads them (marked for the `giving` catalogue). */
export const taxIdLabels: Record<TaxIdKind, string> = {
  ein: /*i18n*/ 'EIN (employer identification number)',
  craRegistration: /*i18n*/ 'Charity registration number',
  ukCharity: /*i18n*/ 'Registered charity number',
};

/** What the checkout's answer carries of a gift flagged for matching (matching.ts checks it). */
export type CheckoutMatching = {
  employer: string;
  /** The legal name of the entity that took the gift (site.json taxReceipts), else the foundation's name. */
  legalName: string;
  /** Its tax number: the EIN for the US foundation. Absent when site.json has none: never printed empty. */
  ein?: string | undefined;
  taxIdKind: TaxIdKind;
  /** Where to ask for the number when there is none to print: the foundation's site. */
  askAt?: string | undefined;
};

type MatchingSite = Pick<Site, 'foundation' | 'centers' | 'taxReceipts'>;

/**
 * The next steps' details of an order flagged for matching, or null when it is not flagged. The
 * entity's country follows the gift's center, as its receipt's rules do (receipt-document.ts).
 */
export function matchingDetails(
  order: { matchingEmployer: string | null; centerId: number },
  site: MatchingSite,
): CheckoutMatching | null {
  if (!order.matchingEmployer) return null;
  const country = site.centers.find((c) => c.id === order.centerId)?.country ?? 'US';
  const taxIdKind = TAX_ID_OF_COUNTRY[country];
  const { us, canada, uk } = site.taxReceipts;
  const entity =
    country === 'US'
      ? us && { legalName: us.legalName, number: us.ein }
      : country === 'CA'
        ? canada && { legalName: canada.legalName, number: canada.registrationNumber }
        : uk && { legalName: uk.legalName, number: uk.charityNumber };
  return {
    employer: order.matchingEmployer,
    legalName: entity?.legalName ?? site.foundation.name,
    ...(entity ? { ein: entity.number } : { askAt: site.foundation.url }),
    taxIdKind,
  };
}
