/**
 * A report key from its making to its use, in Chromium against the built site: an owner signs in to
 * the back office (two-factor), makes a report key on the Security page, sees it once, and signs in
 * on /report with the username and that key; the account password is refused there, and so is the
 * key once revoked. Its own server: the owner must enrol from scratch, whatever other specs did.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usePage } from './support/browser';
import { enrolTwoFactor, signInStaff } from './support/staff-sign-in';
import { type RunningServer, startServer } from './support/start-server';

const OWNER = { username: 'keeper', password: 'report keys passphrase 2026' };

/** An owner must enrol first: the shared way in, password then two-factor. */
async function signInToBackOffice(page: Page): Promise<void> {
  await signInStaff(page, OWNER.username, OWNER.password);
  await enrolTwoFactor(page);
}

async function logInToReport(page: Page, password: string): Promise<void> {
  await page.goto('/report');
  await page.getByLabel('Username').fill(OWNER.username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

describe('report keys', () => {
  let server: RunningServer;
  const t = usePage(() => ({ baseURL: server.baseUrl, viewport: { width: 1280, height: 800 } }));

  beforeAll(async () => {
    server = await startServer({ ADMIN_USERNAME: OWNER.username, ADMIN_PASSWORD: OWNER.password });
  }, 150_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('an owner makes a key in the back office, reads the report with it, and revokes it', async () => {
    const { page, context } = t;
    // The account password alone reads no report (it needs the second factor).
    await logInToReport(page, OWNER.password);
    await page.getByText('Invalid credentials or server error.').waitFor();

    await signInToBackOffice(page);
    await page.getByRole('link', { name: 'Security' }).click();
    const panel = page.getByRole('region', { name: 'Report keys', exact: true });
    await panel.getByText('No report keys yet.').waitFor();
    await panel.getByLabel('Key name (where it is used)').fill('Office laptop');
    await panel.getByRole('button', { name: 'Create report key' }).click();
    const shown = panel.getByRole('region', { name: 'New key “Office laptop”' });
    await shown.getByText('Copy this key now: it is shown only once.', { exact: false }).waitFor();
    const key = await shown.getByLabel('Report key').inputValue();
    expect(key).toMatch(/^rk_[A-Za-z0-9_-]{43}$/);
    await shown.getByRole('button', { name: 'I have saved it' }).click();
    await expect.poll(() => panel.getByRole('rowheader', { name: 'Office laptop' }).count()).toBe(1);
    expect(await panel.textContent()).not.toContain(key);

    // On /report, in another tab: the username and the key.
    const report = await context.newPage();
    await logInToReport(report, key);
    await report.getByRole('heading', { name: 'Books Payment Report' }).waitFor();
    await report.getByRole('heading', { name: 'Donor Details' }).waitFor();

    // Used: the list says when (not "Never") once reloaded.
    await page.reload();
    const row = page
      .getByRole('region', { name: 'Report keys', exact: true })
      .getByRole('row', { name: /Office laptop/ });
    await expect.poll(() => row.textContent()).not.toContain('Never');

    await row.getByRole('button', { name: 'Revoke Office laptop' }).click();
    await expect.poll(() => row.textContent()).toContain('Revoked');
    await report.getByRole('button', { name: 'Logout' }).click();
    await logInToReport(report, key);
    await report.getByText('Invalid credentials or server error.').waitFor();

    await page.getByRole('link', { name: 'Audit log' }).click();
    for (const action of ['report-key.create', 'report-key.use', 'report-key.revoke']) {
      await expect.poll(() => page.getByText(action, { exact: true }).count()).toBeGreaterThanOrEqual(1);
    }
  }, 90_000);
});
