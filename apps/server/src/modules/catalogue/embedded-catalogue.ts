/**
 * The catalogue every HTML page carries (decision 0020), as the content stands now (issue 21): the
 * same array for the same snapshot, so the web app rebuilds a page only after an edit. Pages take
 * the store's bounded read, as the catalogue answer does: no query per page.
 */
import { CATALOGUE_DATA_ID } from '@store/shared/embedded-data';
import type { EmbeddedJson } from '#src/plugins/html-pages';
import type { SiteSnapshot, SiteSource } from '#src/site/site-source';
import { catalogueView } from './service';

export function embeddedCatalogue(siteSource: SiteSource): () => Promise<readonly EmbeddedJson[]> {
  const made = new WeakMap<SiteSnapshot, readonly EmbeddedJson[]>();
  return async () => {
    const snapshot = await siteSource.current();
    let blocks = made.get(snapshot);
    if (!blocks) {
      blocks = [{ id: CATALOGUE_DATA_ID, json: JSON.stringify(catalogueView(snapshot.site)) }];
      made.set(snapshot, blocks);
    }
    return blocks;
  };
}
