/**
 * Debian's Chromium (e2e/support/browser.ts launches it), with what the browser-safety suites watch:
 * every Content-Security-Policy violation the page reports (the `securitypolicyviolation` event and
 * Chromium's own console line), and whether any injected payload ran (`window.__pwned`).
 */
import type { BrowserContext, Page } from 'playwright-core';

declare global {
  interface Window {
    __cspViolations?: string[];
    __pwned?: unknown;
  }
}

export type WatchedPage = {
  page: Page;
  /** Violations so far: from the page's event listener and from Chromium's console. */
  violations: () => Promise<string[]>;
  /** True when a payload ran: it sets window.__pwned (the payloads used by these suites do). */
  pwned: () => Promise<boolean>;
};

export async function watchedPage(context: BrowserContext): Promise<WatchedPage> {
  const page = await context.newPage();
  const consoleViolations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) consoleViolations.push(`console: ${message.text()}`);
  });
  // Before any of the page's own scripts, in every frame the page opens.
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations?.push(
        `${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} in ${event.sourceFile}`,
      );
    });
  });
  return {
    page,
    violations: async () => {
      const fromPage = await page.evaluate(() => window.__cspViolations ?? []).catch(() => []);
      return [...fromPage, ...consoleViolations];
    },
    pwned: () => page.evaluate(() => window.__pwned !== undefined),
  };
}
