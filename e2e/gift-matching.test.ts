/**
 * Employer matching in Chromium against the built site. A gift with "My employer matches
 * gifts" shows the next steps with the foundation's legal name and EIN on the thank-you page; the
 * back office's /admin/matching lists it awaiting; "Mark matched" records the employer's payment,
 * the row reads matched, and the offline gift exists, linked to the gift. Its own site: the owner
 * (who may record offline gifts, as a treasurer may) enrols two-factor from scratch.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usePage } from './support/browser';
import { donate, fillCard, fillDonor, openCheckout } from './support/checkout-flow';
import { enrolTwoFactor, signInStaff } from './support/staff-sign-in';
import { type RunningServer, startServer } from './support/start-server';

const OWNER = { username: 'matching-owner', password: 'matching owner password 2026' };

describe("a gift the donor's employer matches", () => {
  let server: RunningServer;
  const t = usePage(() => ({ baseURL: server.baseUrl, viewport: { width: 1280, height: 800 } }));
  beforeAll(async () => {
    server = await startServer({ ADMIN_USERNAME: OWNER.username, ADMIN_PASSWORD: OWNER.password });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('gives the next steps with the EIN, and the treasurer marks it matched with the payment', async () => {
    const { page } = t;
    const employer = `Acme Corp ${Date.now()}`;
    await donate(page, '100');
    await openCheckout(page);
    await fillDonor(page);
    const matching = page.getByRole('group', { name: 'Employer matching' });
    await matching.getByRole('checkbox', { name: 'My employer matches gifts' }).check();
    await matching.getByLabel("Employer's name").fill(employer);
    await fillCard(page, '4111 1111 1111 1111');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL('**/order-success', { timeout: 30_000 });
    const steps = page.getByRole('region', { name: `Ask ${employer} to match your gift` });
    await steps.waitFor();
    expect(await steps.textContent()).toContain('Sri Datta Vani Foundation, Inc.');
    expect(await steps.textContent()).toContain('12-3456789');
    const receiptNumber = (await page.locator('.order-receipt__number').textContent()) ?? '';

    await signInStaff(page, OWNER.username, OWNER.password);
    await enrolTwoFactor(page);
    await page
      .getByRole('navigation', { name: /back office/i })
      .getByRole('link', { name: 'Matching' })
      .click();
    const row = page.getByRole('row', { name: new RegExp(employer) });
    await row.waitFor();
    expect(await row.textContent()).toContain(receiptNumber);
    expect(await row.textContent()).toContain('Awaiting');
    await row.getByRole('button', { name: /Mark matched/ }).click();
    const form = page.getByRole('region', { name: `Mark matched: ${employer}` });
    await form.getByLabel('Cheque number').fill('CH-4411');
    await form.getByRole('button', { name: 'Record the match' }).click();
    await expect
      .poll(() => page.getByRole('status').textContent())
      .toContain(`Marked matched: $100.00 from ${employer}`);
    await expect.poll(() => row.textContent()).toContain('Matched $100.00');

    // The employer's payment is an offline gift of its own, linked to the gift.
    const matched = await page.request.get('/api/staff/matching?status=matched');
    const [gift] = ((await matched.json()) as { gifts: { employer: string; match: { orderId: string } }[] }).gifts;
    expect(gift?.employer).toBe(employer);
    const offline = await page.request.get(`/api/staff/orders/${gift?.match.orderId}`);
    expect(await offline.json()).toMatchObject({
      source: 'offline',
      amountCents: 10_000,
      deductibleCents: 0,
      paymentMethod: 'Cheque no. CH-4411',
      products: [{ name: `Matched by ${employer}` }],
    });
  });
});
