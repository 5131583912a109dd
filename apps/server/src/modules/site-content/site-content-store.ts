/**
 * The site as the database holds it now, on every process (issue 21). Each use asks PostgreSQL (or
 * PGlite) for one integer, site_content.version, and reloads the document only when it moved: an
 * edit made through process A is what process B prices its very next checkout with, with no
 * notification to miss. A primary-key read of one integer is a fraction of a millisecond beside
 * the checkout's own statements; LISTEN/NOTIFY would save it but leave a window in which B has not
 * heard yet (and PGlite, one process, has no use for it).
 */

import type { Site } from '@store/shared/site';
import { type SiteContent, siteContentSchema } from '@store/shared/site-content';
import type { Database } from '#src/db/client';
import type { SiteSnapshot } from '#src/site/site-source';
import { readContent, readContentVersion, seedContent } from './content-repo';
import { contentOf, withContent } from './merge-site';

export type ContentSnapshot = SiteSnapshot & { content: SiteContent; updatedAt: Date };

/** A SiteSource whose snapshots also carry the document as stored (for the editor's answers). */
export type SiteContentStore = {
  current(): Promise<ContentSnapshot>;
  /** Takes an edit this process just committed, so its own next answer needs no reload. */
  accept(snapshot: { version: number; content: SiteContent; updatedAt: Date }): ContentSnapshot;
};

export type SiteContentStoreOptions = {
  db: Database;
  /** config/site.json: its fixed parts, and the content that seeds an empty database. */
  site: Site;
};

export function createSiteContentStore({ db, site }: SiteContentStoreOptions): SiteContentStore {
  let latest: ContentSnapshot | undefined;

  const snapshotOf = (version: number, content: SiteContent, updatedAt: Date): ContentSnapshot => {
    // Concurrent reloads may finish out of order: keep the newest.
    if (latest && latest.version > version) return latest;
    latest = { version, content, updatedAt, site: withContent(site, content) };
    return latest;
  };

  const load = async (): Promise<ContentSnapshot> => {
    let row = await readContent(db);
    if (!row) {
      await seedContent(db, contentOf(site));
      row = await readContent(db);
    }
    if (!row) throw new Error('site_content could not be seeded');
    // Only this module writes the row, always after this same parse; a failure here means someone
    // edited it by hand, and refusing to serve beats charging from a broken catalogue.
    const parsed = siteContentSchema.safeParse(row.content);
    if (!parsed.success) throw new Error(`site_content (version ${row.version}) is invalid: ${parsed.error.message}`);
    return snapshotOf(row.version, parsed.data, row.updatedAt);
  };

  return {
    async current() {
      const version = await readContentVersion(db);
      if (latest && version === latest.version) return latest;
      return load();
    },
    accept({ version, content, updatedAt }) {
      return snapshotOf(version, content, updatedAt);
    },
  };
}
