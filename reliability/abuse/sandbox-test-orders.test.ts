/**
 * The default gateway must not pass for real money (issue 18 point 2). With no configuration at all
 * the server runs the offline sandbox, which accepts Braintree's fake nonces and test cards: an API
 * client could "give" $1,000,000 with `fake-valid-nonce` and receive a receipt for a tax-deductible
 * gift. The sandbox's orders are now test orders: the receipt's subject and both bodies say
 * "TEST – no payment was taken", and the report (its rows and its CSV) marks them.
 * The server runs as `npm start` does with nothing set, except the captcha (off: not the subject)
 * and the administrator who reads the report.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openAmount } from '../../apps/server/test/checkout-helpers';
import { describeWithDb } from '../../apps/server/test/test-db';
import { parseCsv } from '../support/csv';
import { emlPart, emlSubject } from '../support/eml';
import { recordFigures } from '../support/figures';
import { basic, checkout, send } from '../support/store-client';
import { type StoreServer, startStoreServer } from '../support/store-server';

/** The account password (ADMIN_PASSWORD): an owner's needs two-factor, so the report takes a key. */
const ADMIN_ACCOUNT_PASSWORD = 'sandbox test passphrase 42';
/** What /report takes: the username and the report key ADMIN_REPORT_KEY installs, as the password. */
const ADMIN = { username: 'treasurer', password: 'rk_sandbox-test-orders-report-key-0123456789' };
const TEST_MARK = 'TEST – no payment was taken';

describeWithDb('sandbox orders are test orders', () => {
  let store: StoreServer;
  const figures: Record<string, unknown> = {};
  let orderId = '';

  beforeAll(async () => {
    store = await startStoreServer({
      CAPTCHA_PROVIDER: 'off',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN_ACCOUNT_PASSWORD,
      ADMIN_REPORT_KEY: ADMIN.password,
    });
    const gift = await checkout(store.baseUrl, randomUUID(), 'fake-valid-nonce', [openAmount(8, 1_000_000)]);
    figures.fakeNonceMillion = { status: gift.status };
    // The sandbox still takes it (that is what it is for), as a test order.
    expect(gift.status).toBe(200);
    orderId = String(gift.body.orderId);
  });

  afterAll(async () => {
    recordFigures('abuse-sandbox-test-orders', figures);
    await store?.close();
  });

  it('says TEST – no payment was taken in the receipt’s subject, HTML and text', async () => {
    const outbox = join(store.database.dataDir, 'outbox');
    const receipts = () => (existsSync(outbox) ? readdirSync(outbox).filter((n) => n.includes('receipt')) : []);
    const deadline = Date.now() + 30_000;
    while (receipts().length < 1) {
      if (Date.now() > deadline) throw new Error('no receipt written');
      await new Promise((r) => setTimeout(r, 200));
    }
    const eml = readFileSync(join(outbox, receipts()[0] ?? ''), 'utf8');
    const subject = emlSubject(eml);
    figures.subject = subject;
    expect(subject).toContain(TEST_MARK);
    expect(emlPart(eml, 'plain')).toContain(TEST_MARK);
    expect(emlPart(eml, 'html')).toContain(TEST_MARK);
  });

  it('marks the order as a test order in the report and its CSV', async () => {
    const report = await send(store.baseUrl, '/api/report-data', { headers: basic(ADMIN) });
    expect(report.status).toBe(200);
    const donors = report.body.donors as Record<string, unknown>[];
    const row = donors.find((d) => d.orderId === orderId);
    expect(row?.test).toBe(true);

    const csv = await send(store.baseUrl, '/api/report-data.csv', { headers: basic(ADMIN) });
    expect(csv.status).toBe(200);
    const [header, ...records] = parseCsv(String(csv.body.text).replace(/^\uFEFF/, ''));
    // The Test column, before the Receipt and Deductible, Refunded, Gift, the currency and home
    // amount (decision 0040), then the tribute, how it was paid and the fee the donor covered.
    const testColumn = header?.indexOf('Test') ?? -1;
    expect(header?.slice(testColumn)).toEqual([
      'Test',
      'Receipt',
      'Deductible',
      'Refunded',
      'Gift',
      'Currency',
      'Amount (USD)',
      'Tribute',
      'Payment method',
      'Fee covered',
    ]);
    expect(records).toHaveLength(1);
    expect(records[0]?.[testColumn]).toBe('yes');
    figures.csv = { header, test: records[0]?.[testColumn] };
  });
});
