/**
 * Puts the door app's manifest in the page's head while /check-in is open, so a phone can install
 * it ("Add to Home screen") as its own app. Only here: the store's pages are not an app to install,
 * and a manifest on `/` would be one more download on a donor's first visit.
 */
import { useEffect } from 'react';

export const CHECK_IN_MANIFEST = '/check-in.webmanifest';

export function ManifestLink(): null {
  useEffect(() => {
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = CHECK_IN_MANIFEST;
    document.head.append(link);
    return () => link.remove();
  }, []);
  return null;
}
