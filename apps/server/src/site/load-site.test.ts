import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#src/config';
import { displayPath, loadSite, parseSite } from './load-site';

const realFile = loadConfig({}).siteConfigPath;
const valid = () => loadSite(realFile);

/** The real file as plain JSON, changed by `mutate`, then parsed as the server would. */
function check(mutate: (site: Record<string, unknown>) => void): () => unknown {
  const site: Record<string, unknown> = JSON.parse(readFileSync(realFile, 'utf8'));
  mutate(site);
  return () => parseSite(JSON.stringify(site), 'config/site.json');
}

describe('loadSite', () => {
  const dir = mkdtempSync(join(tmpdir(), 'site-test-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('loads the real config/site.json with items 7, 8, 9 and the concert tiers', () => {
    const site = valid();
    expect(site.catalogue.map((i) => [i.id, i.price])).toEqual([
      [7, 0],
      [8, 0],
      [9, 5],
    ]);
    expect(site.catalogue.map((i) => i.name)).toEqual([
      'SGS Vagdevi Center',
      'Any Other Donation',
      'Guruvara Dattam Vimalacharita Satakam',
    ]);
    expect(site.concert.map((i) => i.price)).toEqual([10, 500, 2500, 5000]);
    expect(site.centers.length).toBeGreaterThan(0);
    expect(site.event.title).toBe('Bhagavad Gita Mahayagna');
  });

  it('names a missing field', () => {
    expect(check((s) => delete s.event)).toThrow(/^config\/site\.json is invalid: event: /);
  });

  it('names a bad price by its path', () => {
    const bad = check((s) => {
      const [first] = s.catalogue as Record<string, unknown>[];
      if (first) first.price = -5;
    });
    expect(bad).toThrow(/config\/site\.json is invalid: catalogue\.0\.price: Too small/);
  });

  it('lists every bad field, not only the first', () => {
    const bad = check((s) => {
      const centers = s.centers as Record<string, unknown>[];
      const [first, second] = centers;
      if (first) first.name = '';
      if (second) second.id = 'two';
      s.foundation = { name: 'X', url: 'not a url' };
    });
    expect(bad).toThrow(/foundation\.url: .*centers\.0\.name: .*centers\.1\.id: /);
  });

  it('refuses duplicate ids', () => {
    const bad = check((s) => {
      const items = s.catalogue as Record<string, unknown>[];
      const [first, second] = items;
      if (first && second) second.id = first.id;
    });
    expect(bad).toThrow(/catalogue: ids must be unique/);
  });

  it('says when the file is not JSON, naming the file', () => {
    const file = join(dir, 'broken.json');
    writeFileSync(file, '{ "foundation": { ');
    expect(() => loadSite(file)).toThrow(new RegExp(`^${file} is not valid JSON: `));
  });

  it('says when the file cannot be read', () => {
    expect(() => loadSite(join(dir, 'missing.json'))).toThrow(/missing\.json could not be read: ENOENT/);
  });

  it('names the file relative to the current directory when it lies below it', () => {
    expect(displayPath('/work/main/config/site.json', '/work/main')).toBe('config/site.json');
    expect(displayPath('/etc/store/site.json', '/work/main')).toBe('/etc/store/site.json');
  });
});
