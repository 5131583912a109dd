/** The real config/site.json, shaped as GET /api/public/catalogue answers it. */
import {
  type CatalogueResponse,
  type CentersResponse,
  catalogueResponseSchema,
  centersResponseSchema,
} from '@store/shared/site';
import site from '../../../../config/site.json';

// Parsed: JSON's strings are not the schema's literal types (a benefit's kind, a center's country).
export const catalogueFixture: CatalogueResponse = catalogueResponseSchema.parse({
  foundation: site.foundation,
  items: site.catalogue,
  concert: site.concert,
  event: site.event,
  // The fee offer starts unticked here so a test's totals are its bucket's; the fee's own
  // tests answer the catalogue with `coverFeesDefault: true` (cover-fee-option.test.tsx).
  giving: { ...site.giving, coverFeesDefault: false },
  entities: site.entities.map(({ key, name, country, currency, receipts }) => ({
    key,
    name,
    country,
    currency,
    receipts,
  })),
});

export const [vagdevi, anyOther, satakam] = catalogueFixture.items as [
  CatalogueResponse['items'][number],
  CatalogueResponse['items'][number],
  CatalogueResponse['items'][number],
];

/** GET /api/public/centers, from the same file. */
export const centersFixture: CentersResponse = centersResponseSchema.parse({ centers: site.centers });
