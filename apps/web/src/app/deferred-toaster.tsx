import { type ComponentType, lazy, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { ClientOnly } from '#src/lib/client-only';
import { onToastRequested } from '#src/lib/toast-request';

/*
 * react-hot-toast's <Toaster /> with its defaults (SPEC.md §4/§9's values: top-center, success
 * 2000 ms, error/blank/custom 4000 ms, max width 350 px), loaded only when a page may show a toast:
 * any page but the store, or the store once it asks for one (lib/toast-request.ts). Its ~4 KB gzip
 * (the library and its CSS-in-JS) then stay out of the store's first visit, which the Telugu and
 * Hindi catalogues need the room of (decision 0042). A toast asked for before the Toaster mounts
 * waits in the library's store and shows, with the rest of its time, once it does.
 */
const Toaster = lazy(() =>
  import('#src/lib/toast-library').then(
    (module): { default: ComponentType } => ({ default: module.Toaster }),
    // Not loadable (offline, and not in the door app's cache): no toasts, rather than the page's error screen.
    (): { default: ComponentType } => ({ default: () => null }),
  ),
);

export function DeferredToaster() {
  const { pathname } = useLocation();
  const [wanted, setWanted] = useState(false);
  useEffect(() => onToastRequested(() => setWanted(true)), []);
  // Once mounted it stays: unmounting would drop the toasts it is showing.
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    if (wanted || pathname !== '/') setMounted(true);
  }, [wanted, pathname]);
  return mounted ? (
    <ClientOnly fallback={null}>
      <Toaster />
    </ClientOnly>
  ) : null;
}
