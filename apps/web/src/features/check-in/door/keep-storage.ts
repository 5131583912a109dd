/**
 * Asks the browser to keep this site's storage under storage pressure: without it a browser may
 * empty IndexedDB on its own, check-ins waiting to sync included. Chromium decides without asking
 * the volunteer (an installed app is kept); Firefox asks, so call it after a tap (saving the
 * device's name). Resolves false where the browser has no such promise to give.
 */
export async function keepStorage(): Promise<boolean> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  if (typeof storage?.persist !== 'function') return false;
  try {
    return (await storage.persisted()) || (await storage.persist());
  } catch {
    return false;
  }
}
