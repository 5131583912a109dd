import type { ReactNode } from 'react';
import { useLingui } from '#src/lib/i18n/use-lingui';
import { DeferredToaster } from './deferred-toaster';
import { ScrollToTop } from './scroll-to-top';
import { SiteFooter } from './site-footer';
import { TopBar } from './top-bar';

/**
 * Page frame: skip link, top bar, main, footer, toasts.
 * <Toaster /> keeps react-hot-toast's defaults on purpose: they are SPEC.md §4/§9's values (top-center,
 * success 2000 ms, error/blank/custom 4000 ms, loading until dismissed, max width 350 px). The 20-toast
 * cap is the library's built-in TOAST_LIMIT; version 2.6 offers no prop to change it, nor do we need to.
 */
export function Layout({ children }: { children: ReactNode }) {
  const { i18n } = useLingui();
  return (
    <>
      <ScrollToTop />
      <a className="skip-link" href="#main">
        {i18n._('Skip to main content')}
      </a>
      <TopBar />
      <main id="main" className="page" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
      <DeferredToaster />
    </>
  );
}
