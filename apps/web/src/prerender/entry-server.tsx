/**
 * The build's server entry (scripts/prerender.mjs builds it with Vite's SSR mode): renders the app
 * at one path to HTML, with the same tree main.tsx hydrates: the page's chunk loaded first, as
 * main.tsx loads it before hydrating (lib/lazy-page.tsx), so the HTML holds the page itself, with no
 * <Suspense> boundary around it. `prerender` (unlike renderToString) waits for whatever else suspends.
 * Nothing here runs in the browser.
 */
import type { Locale } from '@store/shared/i18n/locales';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { App } from '#src/app/app';
import { catalogueAreasOf, preloadPage } from '#src/app/app-routes';
import { activateLanguage } from '#src/lib/i18n/activate';
import { loadCatalogues, PAGE_AREAS } from '#src/lib/i18n/catalogues';

export { LOCALES } from '@store/shared/i18n/locales';
export { PRERENDERED_ROUTES, STARTUP_MODULES } from './routes';
export { catalogueAreasOf };

/**
 * The markup inside #root at `path` in `locale`; rejects if any component failed, so the build fails
 * too. Every catalogue of the language is loaded first: pages render one after another here.
 */
export async function renderPage(path: string, locale: Locale): Promise<string> {
  const failures: unknown[] = [];
  await loadCatalogues(locale, PAGE_AREAS);
  activateLanguage(locale);
  await preloadPage(path);
  const { prelude } = await prerender(
    <StrictMode>
      <StaticRouter location={path}>
        <App />
      </StaticRouter>
    </StrictMode>,
    {
      // Without this React would quietly put the nearest fallback in the HTML and render on the client.
      onError: (error) => void failures.push(error),
      // Every boundary in place: React would otherwise move a large one (the registration form) to
      // the end of the HTML with an inline script to swap it in, which our CSP blocks.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  const html = await new Response(prelude).text();
  if (failures.length > 0) throw new Error(`Pre-rendering ${path} failed`, { cause: failures[0] });
  return html;
}
