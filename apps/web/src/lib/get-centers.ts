/** GET /api/public/centers: the centers a donor picks from (SPEC.md §3 "Center list"). */
import { type CentersResponse, centersResponseSchema } from '@store/shared/site';
import { getJson } from './api-client';

export const CENTERS_PATH = '/api/public/centers';

export function getCenters(signal?: AbortSignal): Promise<CentersResponse> {
  return getJson(CENTERS_PATH, async () => centersResponseSchema, { signal });
}
