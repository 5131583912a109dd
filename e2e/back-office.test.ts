/**
 * The back office (issue 21) as each role meets it in Chromium against the built site:
 *  - an owner signs in, enrols two-factor (QR code, first code, recovery codes) and adds staff;
 *  - a treasurer enrols too, refunds half of a gift (the report and the corrected receipt agree),
 *    records a cheque, finds a UK donor's £25 Gift Aid gift in the quarter's claim and its CSV, and
 *    cannot edit the catalogue (no link; the API answers 403);
 *  - an editor changes the book's price and the store shows it at once;
 *  - a volunteer sees only their own center's orders.
 * A second server process charging the new price at once, and showing it within its bounded check
 * (RECHECK_MS), is proven on PostgreSQL with two real processes in
 * reliability/scale-out/roles.test.ts; the sandbox ledger against the orders after a
 * refund (and a SIGKILL between the two) in reliability/crash/refunds-under-sigkill.test.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from './support/browser';
import { donate, fillCard, fillDonor, giveFrom, openCheckout } from './support/checkout-flow';
import { enrolTwoFactor, signInStaff } from './support/staff-sign-in';

const baseUrl = inject('baseUrl');
const owner = inject('admin');
const PASSWORD = 'a long staff passphrase 2026';
const members = { treasurer: 'ana-treasurer', editor: 'eli-editor', volunteer: 'vic-volunteer' };

/** The e-mail's text as read: its base64 and quoted-printable parts decoded. */
function mailText(eml: string): string {
  return eml
    .split(/\r?\n--/)
    .map((part) => {
      const [head = '', ...rest] = part.split(/\r?\n\r?\n/);
      const body = rest.join('\n\n');
      if (/Content-Transfer-Encoding: base64/i.test(head))
        return Buffer.from(body.replace(/\s/g, ''), 'base64').toString('utf8');
      if (/Content-Transfer-Encoding: quoted-printable/i.test(head)) {
        const bytes = body
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
        return Buffer.from(bytes, 'latin1').toString('utf8');
      }
      return part;
    })
    .join('\n');
}

describe('the back office', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** In the foundation's zone unless a test puts the member elsewhere. */
  async function newPage(timezoneId = 'America/Chicago'): Promise<Page> {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 }, timezoneId });
    const page = await context.newPage();
    page.on('pageerror', (error) => {
      throw error;
    });
    return page;
  }

  const itemForm = (page: Page) => page.locator('form', { has: page.getByLabel('Price (US$)') });
  const nav = (page: Page) => page.getByRole('navigation', { name: /back office/i });

  it('an owner enrols two-factor and adds a treasurer, an editor and a volunteer', async () => {
    const page = await newPage();
    await signInStaff(page, owner.username, owner.password);
    await enrolTwoFactor(page);
    await page.getByRole('link', { name: 'Staff' }).click();
    const add = page.locator('section', { has: page.getByRole('heading', { name: 'Add a member' }) });
    for (const [role, username] of Object.entries(members)) {
      await add.getByLabel('Username').fill(username);
      await add.getByLabel('First password', { exact: true }).fill(PASSWORD);
      await add.getByLabel('Role').selectOption(role);
      if (role === 'volunteer') await add.getByLabel('Center').selectOption({ label: 'Dallas Center, Texas' });
      await add.getByRole('button', { name: 'Add member' }).click();
      await expect.poll(() => add.getByRole('status').textContent()).toContain(`${username} is added`);
      await expect.poll(() => page.getByRole('rowheader', { name: username, exact: true }).count()).toBe(1);
    }
    await page.getByRole('link', { name: 'Audit log' }).click();
    await expect.poll(() => page.getByText('staff.create').count()).toBeGreaterThanOrEqual(3);
    await page.context().close();
  });

  it('a treasurer refunds half of a gift, records a cheque, and cannot edit the catalogue', async () => {
    // A donor's $80.00 gift at the Dallas center.
    const donor = await newPage();
    await donate(donor, '80');
    await openCheckout(donor);
    await fillDonor(donor, { first: 'Bhavana', last: 'Refundtest' });
    await fillCard(donor, '4111 1111 1111 1111');
    await donor.getByRole('button', { name: 'Place Order' }).click();
    await donor.waitForURL('**/order-success', { timeout: 30_000 });
    const receiptNumber = ((await donor.locator('.order-receipt__number').textContent()) ?? '').trim();
    await donor.context().close();

    // A donor in the UK gives £25 at London and declares Gift Aid.
    const ukDonor = await newPage('Europe/London');
    await giveFrom(ukDonor, 'United Kingdom (GBP)');
    await ukDonor.getByRole('button', { name: '£25', exact: true }).click();
    await ukDonor.getByRole('article', { name: 'Any Other Donation' }).getByRole('button', { name: 'Donate' }).click();
    await ukDonor.waitForURL('**/cart');
    await openCheckout(ukDonor);
    await fillDonor(ukDonor, { first: 'Priya', last: 'Giftaid' }, 'London Center, United Kingdom');
    await ukDonor
      .getByRole('checkbox', { name: /^I want to Gift Aid my donation of £25\.00 to Sri Datta Vani Foundation UK/ })
      .check();
    await ukDonor.getByLabel('House name or number').fill('12');
    await ukDonor.getByLabel('Postcode').fill('sw1a 1aa');
    await fillCard(ukDonor, '4111 1111 1111 1111');
    await ukDonor.getByRole('button', { name: 'Place Order' }).click();
    await ukDonor.waitForURL('**/order-success', { timeout: 30_000 });
    await ukDonor.getByText('Gift Aid declared: thank you, the charity will claim it.').waitFor();
    expect(await ukDonor.locator('.order-receipt__number').textContent()).toMatch(/^UK-\d{4}-\d{6}$/);
    await ukDonor.context().close();

    // A treasurer far east of the foundation: their browser's today is Chicago's tomorrow for 20
    // hours of every day, and the cheque form must still start on the foundation's today.
    const page = await newPage('Pacific/Kiritimati');
    await signInStaff(page, members.treasurer, PASSWORD);
    await enrolTwoFactor(page);
    await expect.poll(() => nav(page).getByRole('link', { name: 'Catalogue' }).count()).toBe(0);
    await page.goto('/admin/orders?q=Refundtest');
    await page
      .getByRole('link', { name: /Bhavana Refundtest/ })
      .first()
      .click();
    await page.getByRole('radio', { name: 'Refund part' }).check();
    await page.getByLabel(/Amount in dollars/).fill('40');
    await page.getByLabel('Reason').fill('Half of the gift was given twice');
    await page.getByRole('button', { name: 'Review refund' }).click();
    await page.getByRole('button', { name: 'Refund $40.00' }).click();
    await expect.poll(() => page.getByRole('status').textContent(), { timeout: 20_000 }).toMatch(/\$40\.00/);
    await expect.poll(() => page.getByText(`${receiptNumber}-C1`).count()).toBeGreaterThan(0);

    // The report (Basic auth, as /report reads it) and the corrected receipt e-mail say the same.
    // /report takes a report key, not the treasurer's password (which needs the code): made on the
    // Security page and shown once.
    await nav(page).getByRole('link', { name: 'Security' }).click();
    const keys = page.getByRole('region', { name: 'Report keys', exact: true });
    await keys.getByLabel('Key name (where it is used)').fill('Refund check');
    await keys.getByRole('button', { name: 'Create report key' }).click();
    const reportKey = await keys.getByLabel('Report key', { exact: true }).inputValue();
    const report = await page.evaluate(
      async ({ username, password }) => {
        const res = await fetch('/api/report-data?q=Refundtest', {
          headers: { authorization: `Basic ${btoa(`${username}:${password}`)}` },
        });
        return res.json();
      },
      { username: members.treasurer, password: reportKey },
    );
    expect(report.donors).toEqual([expect.objectContaining({ amount: 80, refunded: 40 })]);
    const outbox = join(inject('dataDir'), 'outbox');
    let correction = '';
    await expect
      .poll(
        () => {
          correction =
            readdirSync(outbox)
              .filter((name) => name.includes('-receipt-correction-'))
              .map((name) => readFileSync(join(outbox, name), 'utf8'))
              .find((mail) => mail.includes(`${receiptNumber}-C1`)) ?? '';
          return correction !== '';
        },
        { timeout: 20_000, interval: 200 },
      )
      .toBe(true);
    expect(mailText(correction)).toMatch(/Refunded: \$40\.00/);
    expect(mailText(correction)).toMatch(/Amount kept by the foundation: \$40\.00/);
    // The reason is the back office's: the donor's corrected receipt does not print it.
    expect(mailText(correction)).not.toContain('Half of the gift was given twice');

    // A cheque handed in at the Bay Area center.
    await nav(page).getByRole('link', { name: 'Offline gift' }).click();
    await page.getByLabel('First name').fill('Chandra');
    await page.getByLabel('Last name').fill('Chequegiver');
    await page.getByLabel('E-mail').fill('chandra@example.org');
    await page.getByLabel('Center').selectOption({ label: 'Bay Area Center, California' });
    await page.getByLabel('Amount in dollars').fill('250');
    await page.getByLabel('Method').selectOption('cheque');
    await page.getByLabel('Cheque number').fill('7788');
    const foundationToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date());
    expect(await page.getByLabel('Date received').inputValue()).toBe(foundationToday);
    await page.getByRole('button', { name: /Record the gift/ }).click();
    await expect.poll(() => page.getByText('Cheque no. 7788').count(), { timeout: 20_000 }).toBeGreaterThan(0);

    // The quarter's Gift Aid claim lists the UK donor's declaration (a test store's claim says so),
    // and its CSV is HMRC's schedule layout with the donor's row.
    await nav(page).getByRole('link', { name: 'Gift Aid claim' }).click();
    const claimed = page.getByRole('table', { name: /^Donations claimed for / });
    await claimed.getByRole('rowheader', { name: 'Priya Giftaid' }).waitFor({ timeout: 20_000 });
    expect(await claimed.getByRole('row', { name: /Priya Giftaid/ }).textContent()).toContain('SW1A 1AA');
    await page.getByText('Test store: these gifts moved no money.', { exact: false }).waitFor();
    const csvPath = await page.getByRole('link', { name: 'Download the claim (CSV)' }).getAttribute('href');
    const csv = await page.evaluate(async (path) => (await fetch(path ?? '')).text(), csvPath);
    const [header, ...claimRows] = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe(
      'Title,First name or initial,Last name,House name or number,Postcode,Aggregated donations,Sponsored event,Donation date,Amount',
    );
    expect(claimRows.find((row) => row.includes('Giftaid'))).toMatch(
      /^,Priya,Giftaid,12,SW1A 1AA,,,\d{2}\/\d{2}\/\d{2},25\.00$/,
    );

    // The catalogue is not the treasurer's: the page says so and the API refuses, changing nothing.
    await page.goto('/admin/catalogue');
    await expect.poll(() => page.getByText('Your role does not allow this.').count()).toBeGreaterThan(0);
    const status = await page.evaluate(async () => {
      const res = await fetch('/api/staff/catalogue/items/9', {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ version: 1, item: { name: 'Cheap book', price: 1, desc: '' } }),
      });
      return res.status;
    });
    expect(status).toBe(403);
    await page.context().close();
  });

  it("an editor changes the book's price and the store charges it at once", async () => {
    const page = await newPage();
    await signInStaff(page, members.editor, PASSWORD);
    await nav(page).getByRole('link', { name: 'Catalogue' }).click();
    await page.getByRole('button', { name: /^Edit Guruvara Dattam Vimalacharita Satakam/ }).click();
    await page.getByLabel('Price (US$)').fill('7');
    await itemForm(page).getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByLabel('Price (US$)').count(), { timeout: 20_000 }).toBe(0);
    const book = await page.evaluate(async () => {
      const res = await fetch('/api/public/catalogue');
      const body = (await res.json()) as { items: { id: number; price: number }[] };
      return body.items.find((item) => item.id === 9);
    });
    expect(book?.price).toBe(7);
    await page.goto('/');
    await expect.poll(() => page.getByText('$7.00').count()).toBeGreaterThan(0);
    // Put it back for the other specs.
    await page.goto('/admin/catalogue');
    await page.getByRole('button', { name: /^Edit Guruvara Dattam Vimalacharita Satakam/ }).click();
    await page.getByLabel('Price (US$)').fill('5');
    await itemForm(page).getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByLabel('Price (US$)').count(), { timeout: 20_000 }).toBe(0);
    await page.context().close();
  });

  it('a volunteer sees only their own center', async () => {
    const page = await newPage();
    await signInStaff(page, members.volunteer, PASSWORD);
    await page.getByRole('heading', { name: 'Orders', level: 2 }).waitFor();
    const table = page.getByRole('table').first();
    await expect.poll(() => table.getByRole('row').count(), { timeout: 20_000 }).toBeGreaterThan(1);
    const text = (await table.textContent()) ?? '';
    expect(text).toContain('Dallas Center, Texas');
    expect(text).not.toContain('Bay Area Center, California');
    expect(text).not.toContain('Chequegiver');
    expect(await nav(page).getByRole('link', { name: 'Donors' }).count()).toBe(0);
    const donors = await page.evaluate(async () => (await fetch('/api/staff/donors')).status);
    expect(donors).toBe(403);
    await page.context().close();
  });
});
