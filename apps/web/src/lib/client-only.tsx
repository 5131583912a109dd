import { type ReactNode, Suspense, startTransition, useEffect, useState } from 'react';
import { useHydrated } from './use-hydrated';

type ClientOnlyProps = {
  /** What the pre-rendered page shows in its place; also shown while the children suspend. */
  fallback: ReactNode;
  children: ReactNode;
};

/**
 * Children that depend on what only the browser knows (the bucket in localStorage, say): the
 * pre-rendered HTML and the hydrating render show `fallback`, the browser then renders the
 * children. Keep the fallback the same size as the children's loading state so nothing shifts.
 */
export function ClientOnly({ fallback, children }: ClientOnlyProps) {
  // Without a pre-rendered page (dev server, tests) the children render at once.
  const [shown, setShown] = useState(useHydrated());
  useEffect(() => {
    // After hydrating: as a transition, so a large subtree (the checkout form) renders in slices
    // that yield to the browser instead of one long task.
    if (!shown) startTransition(() => setShown(true));
  }, [shown]);
  if (!shown) return fallback;
  return <Suspense fallback={fallback}>{children}</Suspense>;
}
