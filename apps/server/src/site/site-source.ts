/**
 * Where modules read the site from once staff edit its content at run time (issue 21): the fixed
 * parts of config/site.json (foundation, giving, taxReceipts) with the catalogue, concert tiers,
 * centers and event as the database holds them NOW, on every process. Ask for it per use (per
 * request, per e-mail rendered) rather than keeping it: a price changed through another process
 * must be the price of the very next checkout here.
 */
import type { Site } from '@store/shared/site';

export type SiteSnapshot = {
  /** site_content.version: moves with every edit, so derived answers can be cached per version. */
  version: number;
  site: Site;
};

export type SiteSource = { current(): Promise<SiteSnapshot> };

/** A site that never changes: for code and tests that run without the database's content. */
export function fixedSiteSource(site: Site): SiteSource {
  const snapshot: SiteSnapshot = { version: 0, site };
  return { current: async () => snapshot };
}
