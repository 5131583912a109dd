/**
 * Registers the door app's service worker (built by vite-plugin-pwa into /sw.js), which keeps
 * /check-in and its scripts on the phone so the page opens, and reloads, without network. Scoped to
 * /check-in and registered only from there: the store's pages stay plain web pages. The list and the
 * check-ins are not the worker's business: they live in IndexedDB (decision 0039).
 */
export const CHECK_IN_SERVICE_WORKER = '/sw.js';
export const CHECK_IN_SCOPE = '/check-in';

export function registerCheckInServiceWorker(): void {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  // Without a worker the app still works online; offline it would not reload, which the page says
  // by itself (the browser's offline page). A failure here is not the volunteer's to handle.
  navigator.serviceWorker.register(CHECK_IN_SERVICE_WORKER, { scope: CHECK_IN_SCOPE }).catch(() => undefined);
}
