import { type ReactNode, Suspense } from 'react';
import { useHydrated } from './use-hydrated';

type ClientOnlyProps = {
  /** What the pre-rendered page shows in its place; also shown while the children suspend. */
  fallback: ReactNode;
  children: ReactNode;
};

/**
 * Children that depend on what only the browser knows (the bucket in localStorage, say): the
 * pre-rendered HTML and the hydrating render show `fallback`, the browser then renders the
 * children, as a transition (use-hydrated.ts), so a large subtree (the checkout's summary) renders
 * in slices that yield to the browser. Keep the fallback the same size as the children's loading
 * state so nothing shifts. Without a pre-rendered page (dev server, tests) the children render at once.
 */
export function ClientOnly({ fallback, children }: ClientOnlyProps) {
  if (!useHydrated()) return fallback;
  return <Suspense fallback={fallback}>{children}</Suspense>;
}
