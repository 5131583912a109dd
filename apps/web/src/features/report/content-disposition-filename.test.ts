import { describe, expect, test } from 'vitest';
import { contentDispositionFilename } from './content-disposition-filename';

describe('contentDispositionFilename', () => {
  test.each([
    ['attachment; filename="payment-report.csv"', 'payment-report.csv'],
    ['attachment; filename=report-2026.csv', 'report-2026.csv'],
    ['attachment; filename="a \\"quoted\\" name.csv"', 'a "quoted" name.csv'],
    [`attachment; filename="fallback.csv"; filename*=UTF-8''r%C3%A9sum%C3%A9%202026.csv`, 'résumé 2026.csv'],
    ['attachment; filename="../../etc/passwd"', 'passwd'],
    [`attachment; filename*=UTF-8''%E0%A4%A; filename="plain.csv"`, 'plain.csv'],
  ])('%s -> %s', (header, name) => {
    expect(contentDispositionFilename(header)).toBe(name);
  });

  test.each([[null], [''], ['attachment'], ['inline; filename=""']])('%j has no name', (header) => {
    expect(contentDispositionFilename(header)).toBeNull();
  });
});
