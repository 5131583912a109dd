/** The foundation, the store items, the concert tiers, the event and the giving settings. */
import type { CatalogueResponse } from '@store/shared/site';
import { getJson } from '#src/lib/api-client';
import { readEmbeddedCatalogue } from './embedded-catalogue';

export const CATALOGUE_PATH = '/api/public/catalogue';

/** From the page when the server embedded it (every served page), else GET /api/public/catalogue. */
export function getCatalogue(signal?: AbortSignal): Promise<CatalogueResponse> {
  const embedded = readEmbeddedCatalogue();
  if (embedded) return Promise.resolve(embedded);
  return getJson(CATALOGUE_PATH, () => import('@store/shared/site').then((m) => m.catalogueResponseSchema), {
    signal,
  });
}
