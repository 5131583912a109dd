/**
 * False while React renders on the server (the build's pre-render) and while the browser hydrates
 * that HTML; true afterwards, and from the start when there was nothing to hydrate (the dev server,
 * tests, an unknown route). Anything the server cannot know (localStorage, sessionStorage, the
 * history entry's state) is read only once this is true, so the first client render matches the
 * pre-rendered markup exactly; React then re-renders with the real values straight after hydrating.
 */
import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
