/**
 * Visitor accounts as a donor meets them (SPEC.md §2 /login, /register, /dashboard, /auth-success;
 * §6; §7): the real auth server on the site's origin, Google sign-in against a local fake of Google
 * (e2e/global-setup.ts), in Chromium.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { usePage } from './support/browser';
import { donate, fillCard, giveWithoutFee, openCheckout } from './support/checkout-flow';

const PASSWORD = 'correct horse battery';
const LOGGING_IN = 'Logging you in...';

/** A fresh address per test: accounts outlive a test in the one shared server. */
function uniqueEmail(name: string): string {
  return `${name}.${randomBytes(4).toString('hex')}@example.org`;
}

async function register(page: Page, name: string, email: string): Promise<void> {
  await page.goto('/register');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Register' }).click();
  await page.waitForURL('**/dashboard');
}

async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

const jwtToken = (page: Page) => page.evaluate(() => sessionStorage.getItem('jwt_token'));

/**
 * /auth-success shows its text and moves straight on to `/`: every text added to the page is
 * recorded from the first script on, so a test can tell the visitor was shown it.
 */
async function recordShownTexts(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const shown: string[] = [];
    Object.assign(window, { __shownTexts: shown });
    new MutationObserver((records) => {
      for (const record of records) {
        record.addedNodes.forEach((node) => {
          shown.push(node.textContent ?? '');
        });
      }
    }).observe(document, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { __shownTexts: string[] }).__shownTexts);
}

describe('accounts', () => {
  const t = usePage();

  it('registers, loads the profile, logs out, and logs in again only with the right password', async () => {
    const { page, baseUrl } = t;
    const email = uniqueEmail('asha');
    await register(page, 'Asha Rao', email);
    await page.getByText(`Signed in as Asha Rao (${email})`).waitFor();
    await page.getByText('No donations yet.').waitFor();
    await page.getByText('No event registrations yet.').waitFor();

    await page.getByRole('button', { name: 'Load Profile' }).click();
    const profile = page.getByRole('region', { name: 'Profile' }).locator('pre');
    await profile.waitFor();
    const shown: unknown = JSON.parse((await profile.textContent()) ?? '');
    expect(shown).toMatchObject({ user: { name: 'Asha Rao', email, emailVerified: false, hasPassword: true } });

    // Logout reloads the root page and forgets the session: the dashboard now sends to /login.
    await page.evaluate(() => sessionStorage.setItem('jwt_token', 'left-from-google'));
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.getByRole('heading', { name: 'Donation Items' }).waitFor({ state: 'attached' });
    expect(await jwtToken(page)).toBeNull();
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
    await page.getByRole('heading', { level: 1, name: 'Login' }).waitFor();

    await logIn(page, email, 'not the password at all');
    const alert = page.getByRole('alert');
    await alert.getByText('Login failed').waitFor();
    expect(page.url()).toBe(`${baseUrl}/login`);

    await logIn(page, email, PASSWORD);
    await page.waitForURL('**/dashboard');
    await page.getByText(`Signed in as Asha Rao (${email})`).waitFor();
  });

  it("refuses a second account for the same e-mail: 'Registration failed'", async () => {
    const { page, context } = t;
    const email = uniqueEmail('meera');
    await register(page, 'Meera Shah', email);
    await context.clearCookies();
    await page.goto('/register');
    await page.getByLabel('Name').fill('Someone Else');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByRole('alert').getByText('Registration failed').waitFor();
    expect(await page.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');
  });

  it("pre-fills a signed-in donor's checkout and lists the donation on the dashboard", async () => {
    const { page } = t;
    const email = uniqueEmail('ravi');
    await register(page, 'Ravi Kumar', email);

    await donate(page, '25');
    await openCheckout(page);
    await expect.poll(() => page.getByLabel('Card Holder First Name').inputValue()).toBe('Ravi');
    expect(await page.getByLabel('Card Holder Last Name').inputValue()).toBe('Kumar');
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    await page.getByLabel('Center', { exact: true }).selectOption({ label: 'Dallas Center, Texas' });
    await giveWithoutFee(page);
    await page.getByLabel('Mobile').fill('5125550123');
    await fillCard(page, '4111 1111 1111 1111');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL('**/order-success', { timeout: 20_000 });
    const idLine = (await page.getByText(/^Transaction ID: \S+$/).textContent()) ?? '';
    const transactionId = idLine.replace('Transaction ID: ', '');

    await page.goto('/dashboard');
    const row = page.getByRole('table', { name: 'Your Donations' }).getByRole('row').filter({ hasText: transactionId });
    await row.waitFor();
    const cells = await row.getByRole('cell').allTextContents();
    const [, receipt, center, products, amount, deductible, id] = cells;
    // Issue 20: the year's receipt number with its PDF beside it, and the deductible part.
    expect(receipt).toMatch(/^\d{4}-\d{6} PDF$/);
    expect([center, amount, deductible, id]).toEqual(['Dallas Center, Texas', '$25.00', '$25.00', transactionId]);
    expect(products).toMatch(/^SGS Vagdevi Center\b/);

    // On a 360 px phone the page does not scroll sideways: the table scrolls inside its own box.
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  it('signs in with Google through /auth-success, keeping the token, and shows the Google account', async () => {
    const { page, baseUrl } = t;
    const google = inject('googleUser');
    const shownTexts = await recordShownTexts(page);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Login with Google' }).click();
    // The auth server -> the fake Google -> the callback -> /auth-success?token=… -> /.
    await page.waitForURL(`${baseUrl}/`);
    expect(await jwtToken(page)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect((await shownTexts()).some((text) => text.includes(LOGGING_IN))).toBe(true);
    // Replaced in history: Back does not return to a URL carrying the token.
    expect(await page.evaluate(() => window.location.search)).toBe('');

    await page.goto('/dashboard');
    await page.getByText(`Signed in as ${google.name} (${google.email})`).waitFor();
    await page.getByRole('button', { name: 'Load Profile' }).click();
    const profile = page.getByRole('region', { name: 'Profile' }).locator('pre');
    await profile.waitFor();
    expect(JSON.parse((await profile.textContent()) ?? '')).toMatchObject({
      user: { name: google.name, email: google.email, emailVerified: true, hasPassword: false },
    });
  });

  it("comes back to /login with 'Login failed' when a Google sign-in did not complete", async () => {
    const { page } = t;
    // A callback this browser never started (no state cookie): refused, as a forged one would be.
    await page.goto('/auth/google/callback?code=forged&state=forged');
    await page.waitForURL('**/login?error=google');
    await page.getByRole('alert').getByText('Login failed').waitFor();
    expect(await jwtToken(page)).toBeNull();
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
  });

  it("stores a token handed to /auth-success and shows 'Logging you in...'", async () => {
    const { page, baseUrl } = t;
    const shownTexts = await recordShownTexts(page);
    await page.goto('/auth-success?token=abc');
    await page.waitForURL(`${baseUrl}/`);
    expect(await jwtToken(page)).toBe('abc');
    expect((await shownTexts()).some((text) => text.includes(LOGGING_IN))).toBe(true);
  });
});
