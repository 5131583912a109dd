/**
 * False while React renders on the server (the build's pre-render) and, on a page that hydrates
 * pre-rendered HTML, in a component's first render; true from its next render on, and from the
 * start when there was nothing to hydrate (the dev server, tests, an unknown route). Anything the
 * server cannot know (localStorage, sessionStorage, the history entry's state) is read only once
 * this is true, so the first client render matches the pre-rendered markup exactly.
 *
 * Not useSyncExternalStore with a server snapshot (the usual idiom): React re-renders such a
 * component at SyncLane straight after hydrating it, and a synchronous update right then makes React
 * hydrate the still-dehydrated route below (<Suspense> in app-routes.tsx) synchronously too: one long
 * task of ~40 ms on a fast machine, the largest in /registration's Lighthouse trace. Here the switch
 * is a transition, which renders in slices.
 */
import { startTransition, useEffect, useState } from 'react';

let hydratingPage = false;

/** main.tsx, before hydrateRoot: this page load takes over pre-rendered HTML. */
export function markPageHydrating(): void {
  hydratingPage = true;
}

export function useHydrated(): boolean {
  // After a pre-rendered page load, components mounted later (a client-side navigation) also
  // start false for one render: their first render cannot tell hydration from a later mount.
  const [hydrated, setHydrated] = useState(() => typeof window !== 'undefined' && !hydratingPage);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
