/** The real config/site.json, shaped as GET /api/public/catalogue answers it. */
import type { CatalogueResponse, CentersResponse } from '@store/shared/site';
import site from '../../../../config/site.json';

export const catalogueFixture: CatalogueResponse = {
  foundation: site.foundation,
  items: site.catalogue,
  concert: site.concert,
  event: site.event,
  giving: site.giving,
};

export const [vagdevi, anyOther, satakam] = catalogueFixture.items as [
  CatalogueResponse['items'][number],
  CatalogueResponse['items'][number],
  CatalogueResponse['items'][number],
];

/** GET /api/public/centers, from the same file. */
export const centersFixture: CentersResponse = { centers: site.centers };
