/**
 * Rough edges (issue 17, point 10): the Google-not-set-up answer in the site's own layout, the
 * taken e-mail said once with 'Log in instead' as a link, the title on one line on a phone, Undo for
 * a removed registrant, and an anonymous visit that logs nothing in the console.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usePage } from './support/browser';
import { donate } from './support/checkout-flow';
import { type RunningServer, startServer } from './support/start-server';

const PHONE = { width: 375, height: 812 };
const PASSWORD = 'correct horse battery';

const pathOf = (page: Page) => new URL(page.url()).pathname;

describe('rough edges', () => {
  const t = usePage();

  describe('Google sign-in on a site without Google settings', () => {
    // The shared test server has Google (a local fake of it): this one has no GOOGLE_* settings.
    let plain: RunningServer;
    beforeAll(async () => {
      plain = await startServer();
    }, 120_000);
    afterAll(async () => {
      await plain?.stop();
    });

    it("says so on the site's own login page, with the top bar, the footer and the way back", async () => {
      const { page } = t;
      await page.setViewportSize(PHONE);
      await page.goto(`${plain.baseUrl}/login`);
      await page.getByRole('link', { name: 'Login with Google' }).click();
      await page.waitForURL(`${plain.baseUrl}/login?error=google-not-configured`);
      const alert = page.getByRole('alert');
      await alert.getByText('Google sign-in is not set up on this site.').waitFor();
      expect(await alert.textContent()).toContain('Login failed');
      // The site around it: the top bar with its links, the footer, and the login form itself.
      await page.getByRole('banner').getByRole('navigation', { name: 'Main' }).waitFor();
      await page.getByRole('contentinfo').getByText('Donations are tax-deductible', { exact: false }).waitFor();
      await page.getByLabel('Password').waitFor();
      await page.getByRole('banner').getByRole('link', { name: 'Store', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Donation Items' }).waitFor();
      expect(pathOf(page)).toBe('/');
    });
  });

  it("an e-mail that already has an account is said once, with 'Log in instead' leading to /login", async () => {
    const { page } = t;
    const email = `taken.${randomBytes(4).toString('hex')}@example.org`;
    const register = async () => {
      await page.goto('/register');
      await page.getByLabel('Name').fill('Asha Rao');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel(/^Password/).fill(PASSWORD);
      await page.getByRole('button', { name: 'Register' }).click();
    };
    // The account exists already: made through the form, which solves the sign-up captcha (issue 18).
    await register();
    await page.waitForURL((url) => url.pathname !== '/register');
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());

    await register();
    await page.getByRole('alert').getByText('Registration failed').waitFor();
    await page.getByRole('link', { name: 'Log in instead' }).waitFor();
    expect(await page.getByText('An account with this e-mail already exists', { exact: false }).count()).toBe(1);
    const logIn = page.getByRole('link', { name: 'Log in instead' });
    expect(await logIn.getAttribute('href')).toBe('/login');

    await logIn.click();
    await page.getByRole('heading', { level: 1, name: 'Login' }).waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
  });

  it("on a 375 px phone the title is one line, and 'Proceed to Pay' and the links fit beside it", async () => {
    const { page } = t;
    await page.setViewportSize(PHONE);
    await donate(page, '25');
    for (const path of ['/', '/registration', '/login']) {
      await page.goto(path);
      const banner = page.getByRole('banner');
      const pay = banner.getByRole('link', { name: 'Proceed to Pay' });
      await pay.waitFor();
      const title = banner.getByText('Online Store', { exact: true });
      const [height, lineHeight] = await title.evaluate((el) => [
        el.getBoundingClientRect().height,
        Number.parseFloat(getComputedStyle(el).lineHeight),
      ]);
      expect(height, `${path}: the title's box`).toBeLessThan(lineHeight * 1.5);
      const payBox = await pay.boundingBox();
      const titleBox = await title.boundingBox();
      if (!payBox || !titleBox) throw new Error('not shown');
      expect(payBox.x + payBox.width).toBeLessThanOrEqual(PHONE.width);
      // Beside the title, on its row.
      expect(Math.abs(payBox.y + payBox.height / 2 - (titleBox.y + titleBox.height / 2))).toBeLessThan(8);
      for (const name of ['Store', 'Concerts', 'Event Registration', 'Account']) {
        const box = await banner.getByRole('link', { name, exact: true }).boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= PHONE.width, `${path}: ${name}`).toBe(true);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    }
  });

  it('a removed registrant comes back, as typed, with Undo', async () => {
    const { page } = t;
    await page.goto('/registration');
    const first = page.getByRole('region', { name: 'Registrant 1' });
    await first.getByLabel('Age').fill('40');
    await first.getByLabel('Email').fill('asha@example.org');
    await first.getByLabel('First Name').fill('Asha');
    const asha = page.getByRole('region', { name: 'Asha' });
    await asha.getByLabel('Last Name').fill('Rao');
    const card = page.getByRole('region', { name: 'Asha Rao' });
    await card.getByLabel('Gender').selectOption('Female');
    await card.getByLabel('Phone', { exact: true }).fill('512 555 0100');
    await card.getByLabel('Category').selectOption('Memorization');
    await card.getByLabel('Country').selectOption('US');
    await card.getByLabel('State', { exact: true }).selectOption('TX');
    await card.getByLabel('City').fill('Austin');
    await card.getByLabel('Zip / Postal Code').fill('78701');
    await page.getByRole('button', { name: 'Add Another Registrant' }).click();
    const second = page.getByRole('region', { name: 'Registrant 2' });
    await second.getByLabel('Age').fill('9');
    await second.getByLabel('First Name').fill('Ravi');
    await page.getByRole('region', { name: 'Ravi' }).getByLabel("Mother's Name").fill('Asha Rao');

    await page.getByRole('button', { name: 'Remove Ravi' }).click();
    // Registrant 1's surname came with "Same family details as registrant 1".
    await page.getByText('Removed Ravi Rao.').waitFor();
    expect(await page.getByRole('button', { name: 'Ravi', exact: true }).count()).toBe(0);
    const undo = page.getByRole('button', { name: 'Undo' });
    expect(await undo.evaluate((el) => el === document.activeElement)).toBe(true);
    await undo.click();

    const ravi = page.getByRole('region', { name: 'Ravi' });
    expect(await ravi.getByLabel('First Name').inputValue()).toBe('Ravi');
    expect(await ravi.getByLabel('Age').inputValue()).toBe('9');
    expect(await ravi.getByLabel("Mother's Name").inputValue()).toBe('Asha Rao');
    expect(await page.getByRole('button', { name: /^Remove/ }).count()).toBe(2);
    expect(await page.getByRole('button', { name: 'Undo' }).count()).toBe(0);
  });

  it('an anonymous visit logs no error and asks nothing that answers 401', async () => {
    const { page } = t;
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
    page.on('response', (response) => {
      if (response.status() === 401) problems.push(`401: ${response.url()}`);
    });
    for (const path of ['/', '/cart', '/registration']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    // Nor a checkout, which fills in a signed-in donor's name and e-mail.
    await donate(page, '25');
    await page.getByRole('link', { name: 'Checkout' }).click();
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
    // Nor the account link, which leads a stranger to the login page.
    await page.getByRole('banner').getByRole('link', { name: 'Account', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Login' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
  });
});
