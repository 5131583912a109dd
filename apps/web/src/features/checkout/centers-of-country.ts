/**
 * The checkout offers the centers of the country the visitor gives from: its entity takes the gift,
 * in the bucket's currency. With one entity (or before the catalogue names them) every center.
 */
import type { Giving } from '#src/lib/giving-country/use-giving';
import type { CentersState } from '#src/lib/use-centers';

export function centersOf<T extends CentersState>(state: T, giving: Pick<Giving, 'entities' | 'country'>): T {
  if (state.status !== 'ready' || giving.entities.length < 2) return state;
  return { ...state, centers: state.centers.filter((center) => center.country === giving.country) };
}
