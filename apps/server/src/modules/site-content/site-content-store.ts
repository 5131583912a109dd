/**
 * The site as the database holds it, on every process (issue 21), read two ways:
 *  - `current()`, exact: asks PostgreSQL (or PGlite) for one integer, site_content.version, and
 *    reloads the document only when it moved. The checkout prices from it, so a price an editor
 *    changed through process A is what process B charges on its very next checkout.
 *  - `reads.current()`, for the public catalogue answers and the HTML pages that embed it: the same
 *    snapshot, checked again at most every RECHECK_MS, concurrent checks sharing one query. An edit
 *    in this process is served at once (`accept`); another process's edit within RECHECK_MS, and
 *    sooner on PostgreSQL, where the edit NOTIFYs and `invalidate` (content-notifications.ts) makes
 *    the next read check. A page a few hundred milliseconds behind costs nothing: the checkout
 *    prices from the database, and refuses a total the page showed from an older price.
 */

import type { Site } from '@store/shared/site';
import { type SiteContent, siteContentSchema } from '@store/shared/site-content';
import type { Database } from '#src/db/client';
import type { SiteSnapshot, SiteSource } from '#src/site/site-source';
import { adoptEntities, readContent, readContentVersion, seedContent } from './content-repo';
import { contentOf, withContent } from './merge-site';

export type ContentSnapshot = SiteSnapshot & { content: SiteContent; updatedAt: Date };

/** A SiteSource whose snapshots also carry the document as stored (for the editor's answers). */
export type SiteContentStore = {
  /** Exact: one version query per call (the checkout, receipts, the editor). */
  current(): Promise<ContentSnapshot>;
  /** At most RECHECK_MS behind another process's edit, no query in between (catalogue answers, pages). */
  reads: SiteSource;
  /** Another process edited (a NOTIFY, or listening again after missing some): the next read checks. */
  invalidate(): void;
  /** Takes an edit this process just committed, so its own next answer needs no reload. */
  accept(snapshot: { version: number; content: SiteContent; updatedAt: Date }): ContentSnapshot;
};

export type SiteContentStoreOptions = {
  db: Database;
  /** config/site.json: its fixed parts, and the content that seeds an empty database. */
  site: Site;
  /** How long a read may reuse a checked version; RECHECK_MS unless a test needs another bound. */
  recheckMs?: number;
};

/**
 * The bound on how stale a catalogue answer or page may be after another process's edit, when no
 * notification arrives (PGlite has one process; a dropped LISTEN connection): short enough that an
 * editor switching to the store sees the change, long enough that the check is one query in
 * thousands of requests under load.
 */
export const RECHECK_MS = 500;

const hasEntities = (content: unknown) => typeof content === 'object' && content !== null && 'entities' in content;

export function createSiteContentStore({
  db,
  site,
  recheckMs = RECHECK_MS,
}: SiteContentStoreOptions): SiteContentStore {
  let latest: ContentSnapshot | undefined;
  /** performance.now() when the newest check that completed was sent. */
  let checkedAt = Number.NEGATIVE_INFINITY;
  /** Moves at each invalidate(): a check sent before it cannot vouch for what came after. */
  let generation = 0;
  let checking: { generation: number; done: Promise<ContentSnapshot> } | undefined;

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
    if (!hasEntities(row.content)) {
      await adoptEntities(db, site.entities);
      row = await readContent(db);
      if (!row) throw new Error('site_content has no row');
    }
    // Only this module writes the row, always after this same parse; a failure here means someone
    // edited it by hand, and refusing to serve beats charging from a broken catalogue.
    const parsed = siteContentSchema.safeParse(row.content);
    if (!parsed.success) throw new Error(`site_content (version ${row.version}) is invalid: ${parsed.error.message}`);
    return snapshotOf(row.version, parsed.data, row.updatedAt);
  };

  const current = async (): Promise<ContentSnapshot> => {
    const version = await readContentVersion(db);
    if (latest && version === latest.version) return latest;
    return load();
  };

  /** One query for every read that arrives while it runs (unless invalidated since it was sent). */
  const check = (): Promise<ContentSnapshot> => {
    if (checking && checking.generation === generation) return checking.done;
    const sentAt = performance.now();
    const sentIn = generation;
    const done = current().then((snapshot) => {
      if (sentIn === generation) checkedAt = Math.max(checkedAt, sentAt);
      // An edit accepted meanwhile is newer than what the check found.
      return latest ?? snapshot;
    });
    const entry = { generation: sentIn, done };
    checking = entry;
    const settle = () => {
      if (checking === entry) checking = undefined;
    };
    done.then(settle, settle);
    return done;
  };

  return {
    current,
    reads: {
      current: () => (latest && performance.now() - checkedAt < recheckMs ? Promise.resolve(latest) : check()),
    },
    invalidate() {
      generation += 1;
      checkedAt = Number.NEGATIVE_INFINITY;
    },
    accept({ version, content, updatedAt }) {
      return snapshotOf(version, content, updatedAt);
    },
  };
}
