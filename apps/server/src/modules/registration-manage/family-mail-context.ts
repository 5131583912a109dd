import type { Site } from '@store/shared/site';
import type { Database } from '#src/db/client';
import type { EventLinkKey } from '#src/modules/registrations/event-link';
import type { SiteSource } from '#src/site/site-source';

/** What the family page's e-mails are written with: the site as edited now, the link key, the store's origin. */
export type FamilyMailContext = {
  db: Database;
  site: Pick<Site, 'foundation'>;
  siteSource: SiteSource;
  key: EventLinkKey;
  storeUrl: string;
};

export async function centerNames(siteSource: SiteSource): Promise<(centerId: number) => string> {
  const { site } = await siteSource.current();
  const names = new Map(site.centers.map((center) => [center.id, center.name]));
  return (centerId) => names.get(centerId) ?? '';
}
