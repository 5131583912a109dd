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
  giving: site.giving,
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
