/**
 * The site in Telugu and Hindi as a family meets it in Chromium against the built site (decision
 * 0042): a Telugu browser is answered in Telugu from the first paint; the top bar's choice switches
 * the language and it is remembered; a Telugu page passes axe-core as the English one does. The
 * words expected come from the catalogues the site ships (support/translations.ts).
 */
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { usePage } from './support/browser';
import { inHindi, inTelugu } from './support/translations';

const VAGDEVI = 'SGS Vagdevi Center';

/** axe-core's violations on the page as it stands (WCAG 2 A and AA rules, as Lighthouse runs them). */
async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: createRequire(import.meta.url).resolve('axe-core/axe.min.js') });
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run(options: object): Promise<{ violations: { id: string; nodes: unknown[] }[] }> };
      }
    ).axe;
    const result = await axe.run({ runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return result.violations.map((v) => `${v.id} (${v.nodes.length})`);
  });
}

describe('a Telugu browser', () => {
  // Playwright's locale sets the browser's language and its Accept-Language header.
  const t = usePage(() => ({ locale: 'te-IN' }));

  it('gets the store in Telugu from the first byte', async () => {
    const { page } = t;
    const response = await page.goto('/');
    const html = (await response?.text()) ?? '';
    // The pre-rendered HTML itself is Telugu, before any script has run.
    expect(html).toContain('<html lang="te">');
    expect(html).toContain(inTelugu('Online Store'));
    await page
      .getByRole('article', { name: VAGDEVI })
      .getByRole('button', { name: inTelugu('Donate') })
      .waitFor();
    expect(await page.getByRole('link', { name: 'తెలుగు' }).getAttribute('aria-current')).toBe('true');
    await page.getByText(inTelugu('Donation amount ({currency})', { currency: 'USD' })).waitFor();
  });

  it('chooses Hindi in the top bar; the choice is kept on the next page and can be shared', async () => {
    const { page, context } = t;
    await page.goto('/');
    await page.getByRole('link', { name: 'हिन्दी' }).click();
    await page.waitForURL('**/?lang=hi');
    await page.getByRole('link', { name: inHindi('Proceed to Pay') }).count();
    await page
      .getByRole('article', { name: VAGDEVI })
      .getByRole('button', { name: inHindi('Donate') })
      .waitFor();
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'lang')?.value).toBe('hi');
    // A later visit without ?lang= keeps Hindi over the browser's Telugu.
    await page.goto('/concert');
    await page.getByRole('heading', { level: 1, name: inHindi('Concert Donations') }).waitFor();
    await page.getByRole('link', { name: 'English' }).click();
    await page.getByRole('heading', { level: 1, name: 'Concert Donations' }).waitFor();
  });
});

describe('accessibility in every language', () => {
  // axe-core is added to the page as a script, which the site's CSP would (rightly) refuse.
  const t = usePage(() => ({ bypassCSP: true }));

  for (const lang of ['en', 'te', 'hi']) {
    it(`/ in ${lang} has no axe-core violation`, async () => {
      const { page } = t;
      await page.goto(`/?lang=${lang}`);
      await page.getByRole('article', { name: VAGDEVI }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});
