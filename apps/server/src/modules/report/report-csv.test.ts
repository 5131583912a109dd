/**
 * GET /api/report-data.csv: a spreadsheet-safe file (BOM, header, RFC 4180 quoting, CRLF, formula
 * injection neutralised, numbers bare), the page's filters, streaming over real HTTP, and a client
 * that goes away mid-download.
 */
import { get, type IncomingMessage } from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legacyReceiptNumber } from '#src/modules/ledger/index';
import { buildReportTestApp, type ReportTestApp, requestReport } from '../../../test/report-helpers';
import { BOOK_PRODUCT, generateOrders, seedOrders } from '../../../test/seed-orders';
import { describeWithDb, usingPostgres } from '../../../test/test-db';
import { copyCsvChunks } from './copy-export';

const HEADER =
  'Name,Email,Center,Amount,Transaction ID,Date (America/Chicago),Qty,Products,Delivery,Test,Receipt,Deductible,Refunded,Gift,Currency,Amount (USD),Tribute,Payment method,Fee covered';
/** An order settled before issue 20: its receipt number is the R-YYYYMMDD-XXXXXX it was sent with. */
const LEGACY_ID = '5eab1e00-0000-4000-8000-000000000001';

describeWithDb('GET /api/report-data.csv', () => {
  let t: ReportTestApp;

  beforeAll(async () => {
    t = await buildReportTestApp();
    const at = (iso: string) => new Date(iso);
    await seedOrders(t.testDb.db, [
      {
        firstName: 'Asha',
        lastName: 'Rao, Jr.',
        email: 'asha@example.org',
        centerId: 2,
        transactionId: 'tx-comma',
        products: [{ ...BOOK_PRODUCT, quantity: 2 }],
        delivery: { pickup: false, street: '12 Elm St', city: 'Austin', state: 'TX', zip: '78701' },
        createdAt: at('2026-03-01T18:00:00Z'), // 12:00 CST
        receiptNumber: '2026-000001',
        deductibleCents: 0,
        tribute: { kind: 'memory', name: 'Sita Devi, "Amma"' },
      },
      {
        firstName: 'The "Great"',
        lastName: 'Donor',
        email: 'quote@example.org',
        transactionId: 'tx-quote',
        // Taken by the sandbox: nothing was paid (issue 18), the last column says so.
        test: true,
        products: [{ id: 8, name: 'Line one\nLine two', unitCents: 1234, quantity: 1, custom: true }],
        createdAt: at('2026-03-02T18:00:00Z'),
        receiptNumber: '2026-000002',
        deductibleCents: 1234,
      },
      {
        firstName: '=HYPERLINK("http://evil.example","pay")',
        lastName: '',
        email: '+1@example.org',
        transactionId: '-tx-minus',
        products: [{ id: 8, name: '@SUM(A1:A9)', unitCents: 5, quantity: 1, custom: true }],
        createdAt: at('2026-03-03T18:00:00Z'),
        id: LEGACY_ID,
      },
      {
        firstName: '+Plus',
        lastName: 'Sign',
        email: 'plus@example.org',
        transactionId: 'tx-plus',
        products: [{ id: 8, name: '-Minus', unitCents: 100_005, quantity: 1, custom: true }],
        delivery: { pickup: true },
        centerId: 5,
        // How it was paid, as its receipt names it (the last column).
        paymentKind: 'paypal',
        paymentMethod: 'PayPal',
        createdAt: at('2026-03-04T18:00:00Z'),
        receiptNumber: '2026-000004',
        deductibleCents: 100_005,
      },
      { firstName: 'Not', lastName: 'Paid', status: 'failed', createdAt: at('2026-03-02T19:00:00Z') },
    ]);
  });
  afterAll(() => t?.close());

  it('is a UTF-8 CSV download with a BOM, the header and CRLF line ends', async () => {
    const res = await requestReport(t, { from: '2026-03-01', to: '2026-03-31' }, '/api/report-data.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="payment-report-2026-03-01-2026-03-31.csv"');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(res.body.startsWith(`\uFEFF${HEADER}\r\n`)).toBe(true);
    expect(res.body.endsWith('\r\n')).toBe(true);
    // Every line break outside a quoted field is CRLF.
    expect(res.body.replace(/"(?:[^"]|"")*"/g, '').match(/(?<!\r)\n/g)).toBeNull();
  });

  it('quotes, neutralises formulas, and writes Amount and Qty as numbers', async () => {
    const res = await requestReport(t, {}, '/api/report-data.csv');
    const body = res.body.replace(/^\uFEFF/, '');
    expect(body).toBe(
      [
        HEADER,
        `'+Plus Sign,plus@example.org,"Atlanta Center, Georgia",1000.05,tx-plus,2026-03-04 12:00:00,1,'-Minus × 1,"Pickup at Atlanta Center, Georgia",,2026-000004,1000.05,0.00,One-time,USD,1000.05,,PayPal,0.00`,
        // The SQL that writes the CSV's receipt number agrees with the receipt's own (legacyReceiptNumber).
        `"'=HYPERLINK(""http://evil.example"",""pay"")",'+1@example.org,"Bay Area Center, California",0.05,'-tx-minus,2026-03-03 12:00:00,1,'@SUM(A1:A9) × 1,,,${legacyReceiptNumber({ id: LEGACY_ID, createdAt: new Date('2026-03-03T18:00:00Z') }, 'America/Chicago')},,0.00,One-time,USD,0.05,,,0.00`,
        `"The ""Great"" Donor",quote@example.org,"Bay Area Center, California",12.34,tx-quote,2026-03-02 12:00:00,1,"Line one\nLine two × 1",,yes,2026-000002,12.34,0.00,One-time,USD,12.34,,,0.00`,
        `"Asha Rao, Jr.",asha@example.org,"Dallas Center, Texas",10.00,tx-comma,2026-03-01 12:00:00,2,Guruvara Dattam Vimalacharita Satakam × 2,"Delivery to 12 Elm St, Austin, TX 78701",,2026-000001,0.00,0.00,One-time,USD,10.00,"In memory of Sita Devi, ""Amma""",,0.00`,
        '',
      ].join('\r\n'),
    );
  });

  it('applies the filters and ignores paging', async () => {
    const lines = async (query: Record<string, string | number>) =>
      (await requestReport(t, query, '/api/report-data.csv')).body.split('\r\n').slice(1, -1);
    expect(await lines({ center: 5 })).toEqual([expect.stringMatching(/^'\+Plus Sign,/)]);
    expect(await lines({ from: '2026-03-02', to: '2026-03-02' })).toEqual([expect.stringMatching(/^"The ""Great/)]);
    expect(await lines({ q: 'rao, jr' })).toEqual([expect.stringMatching(/^"Asha Rao, Jr\."/)]);
    expect(await lines({ q: 'tx-quote' })).toHaveLength(1);
    expect(await lines({ limit: 1 })).toHaveLength(4);
  });

  it('names an open-ended range with all and today', async () => {
    const res = await requestReport(t, { to: '2026-03-31' }, '/api/report-data.csv');
    expect(res.headers['content-disposition']).toBe('attachment; filename="payment-report-all-2026-03-31.csv"');
  });
});

describeWithDb('GET /api/report-data.csv over HTTP, many rows', () => {
  let t: ReportTestApp;
  let baseUrl: string;

  beforeAll(async () => {
    t = await buildReportTestApp();
    // 5,000 for the streaming test (4,750 succeeded); PostgreSQL streams a search of 30,000.
    await generateOrders(t.testDb.db, { count: usingPostgres ? 30_000 : 5_000, days: 30 });
    baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  }, 120_000);
  afterAll(() => t?.close());

  const download = (query = '') =>
    fetch(`${baseUrl}/api/report-data.csv${query}`, { headers: { authorization: t.authorization } });

  it('streams every row in order, newest first (chunked, no Content-Length)', async () => {
    const from = usingPostgres ? `?q=${encodeURIComponent('donor1')}` : '';
    const res = await download(from);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBeNull();
    expect(res.headers.get('transfer-encoding')).toBe('chunked');
    const text = await res.text();
    const lines = text.split('\r\n').slice(1, -1);
    const { rows } = await t.testDb.db.execute<{ transaction_id: string }>(sql`
      select transaction_id from orders where status = 'succeeded'
        ${usingPostgres ? sql`and email like '%donor1%'` : sql``}
      order by created_at desc, id desc`);
    if (!usingPostgres) expect(lines).toHaveLength(4_750);
    // Transaction ids are gen<n>: the only cells of that shape.
    expect(lines.map((line) => /,(gen\d+),/.exec(line)?.[1])).toEqual(rows.map((row) => row.transaction_id));
  });

  it('ends the query when the client goes away mid-download, and keeps serving', async () => {
    const request = get(`${baseUrl}/api/report-data.csv`, { headers: { authorization: t.authorization } });
    request.on('error', () => undefined); // the destroy below
    const response = await new Promise<IncomingMessage>((resolve) => request.once('response', resolve));
    expect(response.statusCode).toBe(200);
    // One chunk, then gone. (That an export stopped early abandons its COPY, rather than finishing
    // into the socket buffers, is shown on the generator below.)
    await new Promise((resolve) => response.once('data', resolve));
    request.destroy();
    if (usingPostgres) await expect.poll(() => runningCopies(t), { timeout: 20_000 }).toBe(0);
    const after = await fetch(`${baseUrl}/api/report-data?limit=1`, { headers: { authorization: t.authorization } });
    expect(after.status).toBe(200);
  });
});

async function runningCopies(t: ReportTestApp): Promise<number> {
  const { rows } = await t.testDb.db.execute<{ n: number }>(sql`
    select count(*)::int as n from pg_stat_activity
    where datname = current_database() and pid <> pg_backend_pid() and query like 'copy (%'`);
  return rows[0]?.n ?? -1;
}

(usingPostgres ? describeWithDb : describe.skip)('copyCsvChunks (PostgreSQL)', () => {
  let t: ReportTestApp;
  beforeAll(async () => {
    t = await buildReportTestApp();
    await generateOrders(t.testDb.db, { count: 20_000, days: 30 });
  }, 120_000);
  afterAll(() => t?.close());

  it('closes its connection when the reader stops early, so PostgreSQL abandons the COPY', async () => {
    let pid: number | undefined;
    for await (const _ of copyCsvChunks({ db: t.testDb.db, filter: {}, timeZone: 'America/Chicago' })) {
      // Paused after one chunk: the COPY's backend is still there, running or waiting to commit.
      const { rows } = await t.testDb.db.execute<{ pid: number }>(sql`
        select pid from pg_stat_activity where datname = current_database() and query like 'copy (%'`);
      pid = rows[0]?.pid;
      break;
    }
    expect(pid).toBeTypeOf('number');
    // Its connection was closed, not put back in the pool mid-COPY: the backend is gone.
    await expect
      .poll(
        async () => (await t.testDb.db.execute(sql`select 1 from pg_stat_activity where pid = ${pid}`)).rows.length,
        {
          timeout: 20_000,
        },
      )
      .toBe(0);
    const { rows } = await t.testDb.db.execute<{ one: number }>(sql`select 1 as one`);
    expect(rows).toEqual([{ one: 1 }]);
  });

  it('inlines the filter as literals safely (quotes and backslashes in the search)', async () => {
    // Quotes end a literal, backslashes would escape one if standard_conforming_strings were off.
    const name = String.raw`O'Brien \\ \'x' %_`;
    await seedOrders(t.testDb.db, [{ firstName: name, lastName: 'Quote', transactionId: 'tx-obrien' }]);
    let csv = '';
    for await (const chunk of copyCsvChunks({
      db: t.testDb.db,
      filter: { q: name.toUpperCase() },
      timeZone: 'America/Chicago',
    })) {
      csv += chunk.toString();
    }
    expect(csv.startsWith(`${name} Quote,`)).toBe(true);
    expect(csv.split('\r\n')).toHaveLength(2);
  });
});
