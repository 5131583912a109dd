/** A session's center as families know it, from the centers staff edit (site content). */
import type { Site } from '@store/shared/site';

export function centerNameOf(site: Pick<Site, 'centers'>, centerId: number): string {
  // A center removed from the content after its session was made still has a name to show.
  return site.centers.find((center) => center.id === centerId)?.name ?? `Center ${centerId}`;
}
