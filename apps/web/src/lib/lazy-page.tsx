import { type ComponentType, lazy, Suspense, useState } from 'react';
import { useLingui } from '#src/lib/i18n/use-lingui';
import { loadOnce } from './load-once';

/** A route's screen in a chunk of its own, which main.tsx can load before hydrating. */
export type LazyPage = ComponentType & { preload: () => Promise<void> };

/** Where a page goes while its chunk downloads (a client-side navigation to a page not loaded yet). */
function PageLoading() {
  const { i18n } = useLingui();
  return (
    <p role="status" className="notice">
      {i18n._('Loading page…')}
    </p>
  );
}

/**
 * React.lazy with a way to load the chunk ahead of rendering. React.lazy suspends on its first
 * render even when the module is already downloaded, so a pre-rendered page's route was left
 * un-hydrated on the first pass; the first update from above (the catalogue arriving) then made
 * React throw that HTML away and draw the page again from scratch, with a flash of 'Loading page…'
 * and a long task. A page mounted after `preload()` has resolved renders the screen at once, so it
 * hydrates with the rest of the tree; otherwise it goes through React.lazy, in a <Suspense> of its
 * own. Only then: a boundary around every page (there was one around <Routes>) is hydrated after the
 * rest of the tree, and the synchronous update react-hook-form makes when its form mounts then had
 * React hydrate the whole page at once, in one long task (Lighthouse's TBT on /registration).
 */
export function lazyPage(load: () => Promise<ComponentType>): LazyPage {
  let loaded: ComponentType | undefined;
  // One load for both ways in. A failed preload is tried again by the next caller (React.lazy keeps
  // its own failure, as it did before).
  const start = loadOnce(() =>
    load().then((component) => {
      loaded = component;
      return component;
    }),
  );
  const Lazy = lazy(() => start().then((component) => ({ default: component })));
  function Page() {
    // Decided once per mount: switching from Lazy to the screen later would remount it (state lost).
    const [Loaded] = useState(() => loaded);
    return Loaded ? (
      <Loaded />
    ) : (
      <Suspense fallback={<PageLoading />}>
        <Lazy />
      </Suspense>
    );
  }
  return Object.assign(Page, { preload: () => start().then(() => undefined) });
}
