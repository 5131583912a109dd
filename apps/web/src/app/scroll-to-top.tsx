import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * A new page starts at its top: the browser keeps the scroll position across a client-side
 * navigation, and the declarative router has no <ScrollRestoration>. Back / Forward (POP) is left
 * alone, so a restored history entry may keep its place. Before paint, so the old offset never shows.
 * A component of its own (rendering nothing), so a navigation re-renders only it, not the layout.
 */
export function ScrollToTop(): null {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new pathname is what triggers the scroll.
  useLayoutEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
  return null;
}
