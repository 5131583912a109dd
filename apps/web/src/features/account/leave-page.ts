/**
 * Full page loads, as opposed to the router's in-app navigation: after a logout SPEC.md §2 reloads
 * the root page, so nothing of the signed-in visitor survives in memory. Its own module so that
 * component tests (jsdom cannot load pages) can watch it.
 */
export function loadPage(path: string): void {
  window.location.assign(path);
}
