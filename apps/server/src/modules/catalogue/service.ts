/** What the public catalogue endpoints answer, derived from the site file loaded at start. */
import type { CatalogueResponse, CentersResponse, Site } from '@store/shared/site';

export function catalogueView(site: Site): CatalogueResponse {
  return {
    foundation: site.foundation,
    items: site.catalogue,
    concert: site.concert,
    event: site.event,
    giving: site.giving,
  };
}

export function centersView(site: Site): CentersResponse {
  return { centers: site.centers };
}
