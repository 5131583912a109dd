import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import type { $ZodConfig } from 'zod/v4/core';
import { App } from '#src/app/app';
import { preloadPage } from '#src/app/app-routes';
import '#src/app/styles.css';
import { activateLanguage } from '#src/lib/i18n/activate';
import { loadCatalogues } from '#src/lib/i18n/catalogues';
import { pageLocale } from '#src/lib/i18n/page-locale';
import { markPageHydrating } from '#src/lib/use-hydrated';

// zod 4 probes `new Function` once to pick its compiled parser; our Content-Security-Policy has no
// 'unsafe-eval', so the probe fails (harmlessly) but the browser reports a CSP violation. `jitless`
// skips the probe. zod reads this global when it loads (its documented way to configure before
// import), so the setting costs no bytes here: zod itself still loads lazily with the schemas.
Object.assign(globalThis, { __zod_globalConfig: { jitless: true } satisfies $ZodConfig });

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element.');

const app = (
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>
);

// The build pre-renders most routes (scripts/prerender.mjs): take over that HTML instead of drawing
// it again. As a transition, hydration works in slices that yield to the browser between them (a
// plain hydrateRoot runs as one long task, Lighthouse's Total Blocking Time); the page is already
// on screen meanwhile. The route's own chunk (preloaded by the page's HTML) is loaded first, so the
// page hydrates in that same pass (lib/lazy-page.tsx says what went wrong without it); if it fails
// to load, hydrating anyway shows the error screen as before. The dev server and unknown routes send
// an empty #root: render from scratch.
// The page's language first (the server chose it, html lang says which), with the site's messages:
// every screen shows them. A catalogue that fails to load leaves the English in the code on screen.
const locale = pageLocale();
activateLanguage(locale);
const languageReady = loadCatalogues(locale, ['site']).catch(() => undefined);

if (root.hasChildNodes()) {
  markPageHydrating();
  const hydrate = () => startTransition(() => void hydrateRoot(root, app));
  languageReady.then(() => preloadPage(window.location.pathname)).then(hydrate, hydrate);
} else languageReady.then(() => createRoot(root).render(app));
