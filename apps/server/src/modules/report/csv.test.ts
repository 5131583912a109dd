import { CSV_FORMULA_PREFIXES } from '@store/shared/report';
import { describe, expect, it } from 'vitest';
import { csvAmount, csvLine, csvText } from './csv';
import { csvFileName, csvHeader, todayIn } from './csv-export';
import { type ExportRecord, exportCsvLine, exportPosition } from './keyset-export';

describe('csvText', () => {
  it('leaves plain text alone', () => {
    expect(csvText('Asha Rao')).toBe('Asha Rao');
    expect(csvText('')).toBe('');
    expect(csvText('Ünïcödé 漢字')).toBe('Ünïcödé 漢字');
  });

  it('quotes a field with a comma, a quote, CR or LF, doubling inner quotes (RFC 4180)', () => {
    expect(csvText('Dallas Center, Texas')).toBe('"Dallas Center, Texas"');
    expect(csvText('The "Big" Book')).toBe('"The ""Big"" Book"');
    expect(csvText('line one\nline two')).toBe('"line one\nline two"');
    expect(csvText('a\r\nb')).toBe('"a\r\nb"');
  });

  it.each([
    ['=1+1', "'=1+1"],
    ['+15125550123', "'+15125550123"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\tTAB', "'\tTAB"],
  ])('neutralises a formula: %j -> %j', (value, expected) => {
    expect(csvText(value)).toBe(expected);
  });

  it('neutralises first, then quotes: the quote mark ends up inside the quoted field', () => {
    expect(csvText('=HYPERLINK("http://evil.example","click")')).toBe(
      '"\'=HYPERLINK(""http://evil.example"",""click"")"',
    );
    expect(csvText('\rhidden')).toBe('"\'\rhidden"');
  });

  it('covers every prefix the shared list names', () => {
    for (const prefix of CSV_FORMULA_PREFIXES) expect(csvText(`${prefix}x`).replace(/^"/, '')).toMatch(/^'/);
  });

  it('does not touch a formula character that is not first', () => {
    expect(csvText('Asha=Rao')).toBe('Asha=Rao');
  });
});

describe('csvAmount', () => {
  it('writes integer cents as dollars with two decimals, exactly', () => {
    expect(csvAmount(1999)).toBe('19.99');
    expect(csvAmount(100005)).toBe('1000.05');
    expect(csvAmount(5)).toBe('0.05');
    expect(csvAmount(100_000_000)).toBe('1000000.00');
    expect(csvAmount(-250)).toBe('-2.50');
  });
});

describe('exportCsvLine (PGlite)', () => {
  const record: ExportRecord = {
    id: '0b6c6b8e-1f0a-4f3e-9d7a-2a9a7d2b6c11',
    created_utc: '2026-03-01 17:04:05.12345',
    name: '=cmd| "Rao"',
    email: '@evil.example',
    center_name: 'Dallas Center, Texas',
    amount_cents: 123456,
    transaction_id: null,
    date_cell: '2026-03-01 11:04:05',
    item_count: 3,
    delivery: 'Delivery to 12 Elm St, Austin, TX 78701',
    test: false,
    receipt_number: '2026-000042',
    deductible_cents: 2500,
    refunded_cents: 0,
    gift: 'One-time',
    currency: 'USD',
    home_amount_cents: 123456,
    tribute: '',
    payment_method: '',
    fee_covered_cents: 0,
    products: [
      { id: 9, name: 'Guruvara Dattam Vimalacharita Satakam', unitCents: 500, quantity: 2, custom: false },
      { id: 8, name: '-Donation, "big"', unitCents: 2500, quantity: 1, custom: true },
    ],
  };

  it('quotes and neutralises text cells, writes numbers bare, the Date to the second, and CRLF', () => {
    expect(exportCsvLine(record)).toBe(
      `"'=cmd| ""Rao""",'@evil.example,"Dallas Center, Texas",1234.56,,2026-03-01 11:04:05,3,` +
        `"Guruvara Dattam Vimalacharita Satakam × 2, -Donation, ""big"" × 1","Delivery to 12 Elm St, Austin, TX 78701",,2026-000042,25.00,0.00,One-time,USD,1234.56,,,0.00\r\n`,
    );
    // A test order (issue 18): the Test column says yes.
    expect(exportCsvLine({ ...record, test: true })).toMatch(
      /,yes,2026-000042,25.00,0.00,One-time,USD,1234.56,,,0.00\r\n$/,
    );
    // An order from before tax receipts: no deductible recorded, an empty cell.
    expect(exportCsvLine({ ...record, deductible_cents: null })).toMatch(
      /,2026-000042,,0.00,One-time,USD,1234.56,,,0.00\r\n$/,
    );
    // Issue 21: what was refunded, last.
    expect(exportCsvLine({ ...record, refunded_cents: 1050 })).toMatch(/,25.00,10.50,One-time,USD,1234.56,,,0.00\r\n$/);
    // Issue 22: how it was given, last.
    expect(exportCsvLine({ ...record, gift: 'Monthly' })).toMatch(/,0.00,Monthly,USD,1234.56,,,0.00\r\n$/);
    // Decision 0040, last: the currency, and the home amount (empty while the day has no rate).
    expect(exportCsvLine({ ...record, currency: 'CAD', home_amount_cents: null })).toMatch(
      /,One-time,CAD,,,,0.00\r\n$/,
    );
    // Last: the gift's tribute.
    expect(exportCsvLine({ ...record, tribute: 'In memory of Sita Devi' })).toMatch(
      /,USD,1234.56,In memory of Sita Devi,,0.00\r\n$/,
    );
    // Last: how it was paid, as the receipt names it.
    expect(exportCsvLine({ ...record, payment_method: 'Apple Pay, Visa ending in 8886' })).toMatch(
      /,1234.56,,"Apple Pay, Visa ending in 8886",0.00\r\n$/,
    );
    // Last: the processing fee the donor covered.
    expect(exportCsvLine({ ...record, fee_covered_cents: 330 })).toMatch(/,1234.56,,,3.30\r\n$/);
    // A gift that has only a date (an offline gift's day received): the day alone.
    expect(exportCsvLine({ ...record, date_cell: '2026-11-14' })).toContain(',,2026-11-14,3,');
  });

  it('keeps the microseconds of created_at for the keyset position', () => {
    expect(exportPosition(record)).toEqual({ createdAt: '2026-03-01T17:04:05.123450Z', id: record.id });
    expect(exportPosition({ ...record, created_utc: '2026-03-01 17:04:05' }).createdAt).toBe(
      '2026-03-01T17:04:05.000000Z',
    );
  });

  it('refuses a timestamp in another DateStyle rather than misdate or mispage', () => {
    expect(() => exportPosition({ ...record, created_utc: '03/01/2026 17:04:05' })).toThrow(/DateStyle/);
    expect(() => exportCsvLine({ ...record, date_cell: '03/01/2026 11:04:05' })).toThrow(/DateStyle/);
  });

  it('has the Donor Details columns as its header, the Date naming its zone, then Test, …, Gift, Currency, the home amount', () => {
    expect(csvLine(csvHeader('America/Chicago', 'USD'))).toBe(
      'Name,Email,Center,Amount,Transaction ID,Date (America/Chicago),Qty,Products,Delivery,Test,Receipt,Deductible,Refunded,Gift,Currency,Amount (USD),Tribute,Payment method,Fee covered\r\n',
    );
  });
});

describe('csvFileName', () => {
  it('names the range, with all / today for open ends in the foundation zone', () => {
    expect(csvFileName({ from: '2026-01-01', to: '2026-03-31' }, 'America/Chicago')).toBe(
      'payment-report-2026-01-01-2026-03-31.csv',
    );
    expect(csvFileName({}, 'UTC')).toBe(`payment-report-all-${todayIn('UTC')}.csv`);
  });

  it("takes today's date in the foundation's zone", () => {
    // 03:00 UTC on March 2 is still March 1 in Chicago.
    expect(todayIn('America/Chicago', new Date('2026-03-02T03:00:00Z'))).toBe('2026-03-01');
    expect(todayIn('Asia/Kolkata', new Date('2026-03-01T20:00:00Z'))).toBe('2026-03-02');
  });
});
