/**
 * Accounts that are complete (issue 18), as a donor meets them in Chromium against the built site:
 * every link is read out of the outbox the server wrote (e2e/support/outbox-links.ts) and opened in
 * the browser, as a donor opens it from their mail.
 */
import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { usePage } from './support/browser';
import { mailedLink } from './support/outbox-links';

const PASSWORD = 'correct horse battery';
const NEW_PASSWORD = 'a new and longer passphrase';
const INVALID_TOKEN = 'This link has expired or has already been used.';

function uniqueEmail(name: string): string {
  return `${name}.${randomBytes(4).toString('hex')}@example.org`;
}

async function register(page: Page, name: string, email: string): Promise<void> {
  await page.goto('/register');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: false }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Register' }).click();
  await page.waitForURL('**/dashboard');
}

async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

const signedInAs = (page: Page, name: string, email: string) =>
  page.getByText(`Signed in as ${name} (${email})`).waitFor();

const panel = (page: Page, name: string) => page.getByRole('region', { name });

describe('accounts that are complete', () => {
  const t = usePage();
  /** Other browsers of the same donor (a phone, a second computer), closed after each test. */
  const others: BrowserContext[] = [];
  const otherBrowser = async (): Promise<Page> => {
    const browser = t.context.browser() as Browser;
    const context = await browser.newContext({ baseURL: t.baseUrl });
    others.push(context);
    return context.newPage();
  };
  afterEach(async () => {
    for (const context of others.splice(0)) await context.close();
  });

  it('sign-up mails a confirmation link; opening it confirms the e-mail, once', async () => {
    const { page } = t;
    const email = uniqueEmail('asha');
    await register(page, 'Asha Rao', email);
    const notice = panel(page, 'Confirm your e-mail');
    await notice.getByText(`We sent a link to ${email}. Follow it within 24 hours to confirm the address.`).waitFor();

    const link = await mailedLink(email, 'account-verify-email');
    expect(new URL(link).pathname).toBe('/verify-email');
    await page.goto(link);
    await page.getByText('Your e-mail is confirmed').waitFor();
    await page.getByText(`${email} is the address of your account.`).waitFor();
    await page.getByRole('link', { name: 'Go to your dashboard' }).click();
    await signedInAs(page, 'Asha Rao', email);
    expect(await notice.count()).toBe(0);

    // Single use: the same link again is refused, and a signed-in donor may ask for a new one.
    await page.goto(link);
    await page.getByText(INVALID_TOKEN).waitFor();
    await page.getByRole('button', { name: 'Send a new link' }).waitFor();
  });

  it('forgot password: the link sets a new password, signs in here and logs out the other browsers', async () => {
    const { page } = t;
    const email = uniqueEmail('meera');
    await register(page, 'Meera Shah', email);
    const phone = await otherBrowser();
    await logIn(phone, email, PASSWORD);
    await signedInAs(phone, 'Meera Shah', email);

    // Forgotten on a third browser: the same answer for any address.
    const laptop = await otherBrowser();
    await laptop.goto('/login');
    await laptop.getByLabel('Email').fill(email);
    await laptop.getByRole('link', { name: 'Forgot password?' }).click();
    await laptop.waitForURL('**/forgot-password');
    expect(await laptop.getByLabel('Email').inputValue()).toBe(email);
    await laptop.getByRole('button', { name: 'Send the link' }).click();
    await laptop
      .getByRole('status')
      .getByText('If an account uses this e-mail, a link to choose a new password')
      .waitFor();

    const link = await mailedLink(email, 'account-reset-password');
    expect(new URL(link).pathname).toBe('/reset-password');
    await laptop.goto(link);
    await laptop.getByLabel('New password (at least 12 characters)').fill(NEW_PASSWORD);
    await laptop.getByLabel('Repeat the new password').fill(NEW_PASSWORD);
    await laptop.getByRole('button', { name: 'Save the new password' }).click();
    await laptop.waitForURL('**/dashboard');
    await laptop.getByText('Your new password is saved. You are signed in.').waitFor();
    await signedInAs(laptop, 'Meera Shah', email);

    // The sessions opened before the reset are over.
    for (const before of [phone, page]) {
      await before.goto('/dashboard');
      await before.waitForURL('**/login');
    }
    await logIn(phone, email, PASSWORD);
    await phone.getByRole('alert').getByText('Login failed').waitFor();
    await logIn(phone, email, NEW_PASSWORD);
    await signedInAs(phone, 'Meera Shah', email);

    // The link was used.
    await laptop.goto(link);
    await laptop.getByLabel('New password (at least 12 characters)').fill('yet another passphrase');
    await laptop.getByLabel('Repeat the new password').fill('yet another passphrase');
    await laptop.getByRole('button', { name: 'Save the new password' }).click();
    await laptop.getByText(INVALID_TOKEN).waitFor();
    await laptop.getByRole('link', { name: 'Ask for a new link' }).waitFor();
  });

  it('changes the password and the e-mail, logs out everywhere, and deletes the account', async () => {
    const { page } = t;
    const email = uniqueEmail('ravi');
    const newEmail = uniqueEmail('ravi.kumar');
    await register(page, 'Ravi Kumar', email);

    // Change password: the other browser is logged out.
    const phone = await otherBrowser();
    await logIn(phone, email, PASSWORD);
    await signedInAs(phone, 'Ravi Kumar', email);
    const password = panel(page, 'Change password');
    await password.getByLabel('Current password').fill(PASSWORD);
    await password.getByLabel('New password (at least 12 characters)').fill(NEW_PASSWORD);
    await password.getByLabel('Repeat the new password').fill(NEW_PASSWORD);
    await password.getByRole('button', { name: 'Change password' }).click();
    await password.getByRole('status').getByText('Your password is changed.').waitFor();
    await phone.goto('/dashboard');
    await phone.waitForURL('**/login');

    // Change e-mail: nothing changes until the link to the new address is followed.
    const change = panel(page, 'Change e-mail');
    await change.getByLabel('New e-mail').fill(newEmail);
    await change.getByLabel('Current password').fill(NEW_PASSWORD);
    await change.getByRole('button', { name: 'Change e-mail' }).click();
    await change.getByRole('status').getByText(`We sent a link to ${newEmail}.`).waitFor();
    await page.reload();
    await signedInAs(page, 'Ravi Kumar', email);
    const link = await mailedLink(newEmail, 'account-change-email');
    await page.goto(link);
    await page.getByText(`${newEmail} is the address of your account.`).waitFor();
    await page.goto('/dashboard');
    await signedInAs(page, 'Ravi Kumar', newEmail);

    // Log out everywhere: this browser too, then back to /login.
    await logIn(phone, newEmail, NEW_PASSWORD);
    await signedInAs(phone, 'Ravi Kumar', newEmail);
    await panel(page, 'Log out everywhere').getByRole('button', { name: 'Log out everywhere' }).click();
    await page.waitForURL('**/login');
    await page.getByText('You are logged out on every device.').waitFor();
    await phone.goto('/dashboard');
    await phone.waitForURL('**/login');

    // Delete: behind a confirmation step with the password; the account is gone.
    await logIn(page, newEmail, NEW_PASSWORD);
    await signedInAs(page, 'Ravi Kumar', newEmail);
    const remove = panel(page, 'Delete my account');
    await remove.getByRole('button', { name: 'Delete my account' }).click();
    await remove.getByLabel('Your password, to confirm').fill(NEW_PASSWORD);
    await remove.getByRole('button', { name: 'Delete my account for good' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('Your account is deleted.').waitFor();
    await logIn(page, newEmail, NEW_PASSWORD);
    await page.getByRole('alert').getByText('Login failed').waitFor();
  });
});
