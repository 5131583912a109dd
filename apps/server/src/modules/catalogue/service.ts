/**
 * What the public catalogue endpoints (and the page's embedded copy) answer: what is on offer now.
 * Archived items and centers are left out (they stay in the database for old orders); an uploaded
 * picture becomes its address; the back office's own fields are not shown.
 */

import type { CatalogueItem, CatalogueResponse, CentersResponse, Site, SiteItem } from '@store/shared/site';
import { imageUrl } from '@store/shared/site-content';

function publicItem({ archived: _archived, imageId, ...item }: SiteItem): CatalogueItem {
  return imageId ? { ...item, image: imageUrl(imageId) } : item;
}

const offered = (items: readonly SiteItem[]) => items.filter((i) => !i.archived).map(publicItem);

export function catalogueView(site: Site): CatalogueResponse {
  return {
    foundation: site.foundation,
    items: offered(site.catalogue),
    concert: offered(site.concert),
    event: site.event,
    giving: site.giving,
    // What the store needs to offer a country and its currency: never the merchant accounts.
    entities: site.entities.map(({ key, name, country, currency, receipts, processingFee }) => ({
      key,
      name,
      country,
      currency,
      receipts,
      processingFee,
    })),
  };
}

export function centersView(site: Site): CentersResponse {
  return { centers: site.centers.filter((c) => !c.archived).map(({ archived: _archived, ...center }) => center) };
}
