/**
 * Navigation state handed to /cart (SPEC.md §2 "Bucket screen"): the concert page says where the
 * visitor came from so the back link can return there. History state is untyped, so read it defensively.
 */
export type CartNavigationState = { from: 'concert' };

export function cameFromConcert(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'from' in state && state.from === 'concert';
}
