/**
 * A gift to the Toronto (CRA) center made without the donor's address, as a donor meets it in
 * Chromium against the built site: the checkout takes it and says the receipt is not official yet;
 * the receipt e-mail (read from the outbox the server wrote) says so and carries the link; the
 * address added through that link, or on /dashboard, issues the official numbered receipt, which is
 * mailed and downloaded. Every PDF is read back with a real PDF text extractor.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../apps/server/test/pdf-text';
import { emlPart } from '../reliability/support/eml';
import { downloadedBytes, usePage } from './support/browser';
import { donate, fillCard, fillDonor, giveFrom, openCheckout } from './support/checkout-flow';
import { useOwnServer } from './support/own-server';

// The Canadian charity's own series (site.json entities: 'CA-').
const SERIES_NUMBER = /^CA-\d{4}-\d{6}$/;
const NOT_OFFICIAL = 'This is not an official receipt for income tax purposes.';

const uniqueEmail = (name: string) => `${name}.${randomBytes(4).toString('hex')}@example.org`;

/** The e-mail of this outbox kind ('receipt', 'receipt-official') sent to `email`, once the worker wrote it. */
async function mailed(dataDir: string, email: string, kind: string): Promise<string> {
  const outbox = join(dataDir, 'outbox');
  const named = new RegExp(`-${kind}-[0-9a-f-]{36}\\.eml$`);
  let mail = '';
  await expect
    .poll(
      () => {
        mail =
          readdirSync(outbox)
            .filter((name) => named.test(name))
            .map((name) => readFileSync(join(outbox, name), 'utf8'))
            .find((m) => new RegExp(`^To: .*${email.replace(/[.+]/g, '\\$&')}`, 'im').test(m)) ?? '';
        return mail !== '';
      },
      { timeout: 20_000, interval: 200 },
    )
    .toBe(true);
  return mail;
}

async function attachedPdf(mail: string): Promise<string> {
  const part = mail.split(/\r?\n--/).find((p) => /Content-Type: application\/pdf/i.test(p)) ?? '';
  const base64 = part
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join('')
    .replace(/\s|--.*$/g, '');
  return pdfText(Buffer.from(base64, 'base64'));
}

/** A gift at Toronto with the address fields left empty: the SPEC-shaped body the form sends then. */
async function giveAtTorontoWithoutAddress(page: Page, email: string): Promise<string> {
  await giveFrom(page, 'Canada (CAD)');
  await donate(page, '151', 'CAD');
  await openCheckout(page);
  await fillDonor(page, undefined, 'Toronto Center, Canada');
  await page.getByLabel('Email').fill(email);
  await fillCard(page, '4111 1111 1111 1111');
  await page.getByRole('group', { name: 'Your address for the Canadian tax receipt' }).waitFor();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await page.waitForURL('**/order-success', { timeout: 30_000 });
  const receipt = page.getByRole('region', { name: 'Your receipt' });
  await receipt.getByText(NOT_OFFICIAL, { exact: false }).waitFor();
  const reference = (await page.locator('.order-receipt__number').textContent()) ?? '';
  expect(reference).toMatch(/^R-\d{8}-[0-9A-F]{6}$/);
  return reference;
}

async function fillAddress(page: Page): Promise<void> {
  await page.getByLabel('Street address').fill('12 Finch Ave');
  await page.getByLabel('City').fill('Toronto');
  await page.getByLabel('Province').fill('Ontario');
  await page.getByLabel('Postal code').fill('m2n 1a1');
}

describe('the CRA receipt after the address', () => {
  const own = useOwnServer();
  const t = usePage(() => ({ baseURL: own.server.baseUrl }));

  it('takes a Toronto gift without an address, then issues the official receipt through the e-mailed link', async () => {
    const { page } = t;
    const email = uniqueEmail('toronto.link');
    await giveAtTorontoWithoutAddress(page, email);

    const first = await mailed(own.server.dataDir, email, 'receipt');
    const text = emlPart(first, 'plain');
    expect(text).toContain(NOT_OFFICIAL);
    const firstPdf = await attachedPdf(first);
    expect(firstPdf).toContain(NOT_OFFICIAL);
    expect(firstPdf).toContain('Reference');
    const link = /https?:\/\/\S+\/receipt-address\?token=\S+/.exec(text)?.[0] ?? '';
    expect(link).not.toBe('');
    // The e2e server has no ALLOWED_ORIGINS, so the link names the foundation's site: open its path here.
    const { pathname, search } = new URL(link);
    await page.goto(`${pathname}${search}`);
    await page.getByRole('heading', { name: 'Your Official Receipt' }).waitFor();
    await page.getByText('Toronto Center, Canada', { exact: false }).first().waitFor();
    await fillAddress(page);
    await page.getByRole('button', { name: 'Issue my official receipt' }).click();
    const issued = page.getByRole('status').filter({ hasText: 'has been issued and e-mailed to you' });
    await issued.waitFor();
    const number = /Your official receipt (\S+) has been issued/.exec((await issued.textContent()) ?? '')?.[1] ?? '';
    expect(number).toMatch(SERIES_NUMBER);

    const official = await attachedPdf(await mailed(own.server.dataDir, email, 'receipt-official'));
    expect(official).toContain(number);
    expect(official).toContain('12 Finch Ave, Toronto, ON M2N 1A1');
    expect(official).toContain('Date of issue');
    expect(official).not.toContain(NOT_OFFICIAL);

    // The link again: the receipt is issued, and the page says so instead of asking.
    await page.goto(`${pathname}${search}`);
    await page.getByText(`Your official receipt was already issued. Its number is ${number}.`).waitFor();
  });

  it('lets a signed-in donor add the address on /dashboard and download the official receipt', async () => {
    const { page } = t;
    const email = uniqueEmail('toronto.dashboard');
    await page.goto('/register');
    await page.getByLabel('Name').fill('Asha Rao');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: false }).fill('correct horse battery');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL('**/dashboard');
    await giveAtTorontoWithoutAddress(page, email);

    await page.goto('/dashboard');
    const waiting = page.getByRole('region', { name: 'Official receipts waiting for your address' });
    await waiting.waitFor();
    await fillAddress(page);
    await waiting.getByRole('button', { name: 'Issue my official receipt' }).click();
    const issued = waiting.getByRole('status');
    await issued.getByText('has been issued and e-mailed to you', { exact: false }).waitFor();
    const number = /Your official receipt (\S+) has been issued/.exec((await issued.textContent()) ?? '')?.[1] ?? '';
    expect(number).toMatch(SERIES_NUMBER);

    await page.reload();
    await page.getByRole('heading', { name: 'Your Donations' }).waitFor();
    expect(await page.getByRole('region', { name: 'Official receipts waiting for your address' }).count()).toBe(0);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: `Download receipt ${number} (PDF)` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`receipt-${number}.pdf`);
    const pdf = await pdfText(await downloadedBytes(download));
    expect(pdf).toContain(number);
    expect(pdf).toContain('Serial number');
    expect(pdf).toContain('12 Finch Ave, Toronto, ON M2N 1A1');
    expect(pdf).toContain('Date of issue');
    expect(pdf).not.toContain(NOT_OFFICIAL);
  });
});
