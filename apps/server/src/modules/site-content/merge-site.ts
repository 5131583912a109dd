/** Between site.json's whole document and the part of it the database keeps (site_content). */

import type { Site } from '@store/shared/site';
import type { SiteContent } from '@store/shared/site-content';

/** The editable part of a site: what seeds the database on first start. */
export function contentOf(site: Site): SiteContent {
  return {
    catalogue: site.catalogue,
    concert: site.concert,
    centers: site.centers,
    event: site.event,
    entities: site.entities,
  };
}

/** site.json's fixed parts (foundation, giving, taxReceipts) with the content as stored now. */
export function withContent(site: Site, content: SiteContent): Site {
  return {
    ...site,
    catalogue: content.catalogue,
    concert: content.concert,
    centers: content.centers,
    event: content.event,
    entities: content.entities,
  };
}
