import { describe, expect, test } from 'vitest';
import { checkFilters, filterParams, NO_FILTERS, pageParams, withQuery } from './report-filters';

describe('report filters', () => {
  test('no filters: only the page size', () => {
    const checked = checkFilters(NO_FILTERS);
    if (!checked.ok) throw new Error('expected ok');
    expect(pageParams(checked.query, undefined).toString()).toBe('limit=50');
    expect(withQuery('/api/report-data.csv', filterParams(checked.query))).toBe('/api/report-data.csv');
  });

  test('every filter, trimmed and encoded; the CSV leaves out cursor and limit', () => {
    const checked = checkFilters({ from: '2026-01-01', to: '2026-12-31', center: '3', q: '  a&b@example.org ' });
    if (!checked.ok) throw new Error('expected ok');
    expect(pageParams(checked.query, 'c/1+2').toString()).toBe(
      'from=2026-01-01&to=2026-12-31&center=3&q=a%26b%40example.org&cursor=c%2F1%2B2&limit=50',
    );
    expect(filterParams(checked.query).toString()).toBe('from=2026-01-01&to=2026-12-31&center=3&q=a%26b%40example.org');
  });

  test('one day is a valid range; a reversed range and a bad date are not', () => {
    expect(checkFilters({ ...NO_FILTERS, from: '2026-03-01', to: '2026-03-01' }).ok).toBe(true);
    expect(checkFilters({ ...NO_FILTERS, from: '2026-03-02', to: '2026-03-01' })).toEqual({
      ok: false,
      errors: { from: 'From date must not be after To date.' },
    });
    const bad = checkFilters({ ...NO_FILTERS, to: '03/01/2026' });
    expect(bad.ok ? null : bad.errors.to).toBe('To date must be a date as YYYY-MM-DD.');
  });

  test('a search longer than the server takes is refused', () => {
    const checked = checkFilters({ ...NO_FILTERS, q: 'x'.repeat(201) });
    expect(checked.ok ? null : checked.errors.q).toBe('Search must be at most 200 characters.');
  });
});
