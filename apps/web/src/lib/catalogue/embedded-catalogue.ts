/**
 * The catalogue the server embeds in every page (apps/server/src/plugins/html-pages.ts). It arrives
 * inside the document that carries this script, so it is as trusted as the script itself and is used
 * without a validator: the store's first visit then needs neither a second request nor zod
 * (decision 0020). Without it (the Vite dev server, a component test) the caller asks the API.
 */
import { CATALOGUE_DATA_ID } from '@store/shared/embedded-data';
import type { CatalogueResponse } from '@store/shared/site';

export function readEmbeddedCatalogue(): CatalogueResponse | null {
  const text = typeof document === 'undefined' ? null : document.getElementById(CATALOGUE_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    // Written by our server from the site file it validated at start: the page's own data, not input.
    return JSON.parse(text) as CatalogueResponse;
  } catch {
    return null; // a page mangled on its way here: ask the API, whose answer is validated
  }
}
