/** GET /api/public/catalogue: the foundation, the store items and the concert tiers. */
import type { CatalogueResponse } from '@store/shared/site';
import { getJson } from '#src/lib/api-client';

export const CATALOGUE_PATH = '/api/public/catalogue';

export function getCatalogue(signal?: AbortSignal): Promise<CatalogueResponse> {
  return getJson(CATALOGUE_PATH, () => import('@store/shared/site').then((m) => m.catalogueResponseSchema), {
    signal,
  });
}
