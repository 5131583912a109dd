/** A staff member's way into /admin in Chromium: the password, then two-factor enrolment. */
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { totpCodeNow } from '../../apps/server/src/modules/staff/totp';

export async function signInStaff(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/admin');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Enrols two-factor as a person does: the key shown under the QR code, typed into an "app". */
export async function enrolTwoFactor(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Show the QR code' }).click();
  await expect.poll(() => page.locator('.admin-enrol svg, .admin-enrol img').count()).toBeGreaterThan(0);
  const secret = ((await page.locator('.admin-enrol__secret').textContent()) ?? '').replace(/\s+/g, '');
  await page.getByLabel('Code from the app').fill(totpCodeNow(decodeBase32IgnorePadding(secret)));
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' });
  await codes.waitFor();
  expect(await codes.getByRole('listitem').count()).toBe(10);
  await page.getByLabel('I have saved these codes').check();
  await page.getByRole('button', { name: 'Continue' }).click();
}
