/**
 * The message catalogues (decision 0042) are complete and up to date, checked in `npm test`:
 *  - the PO files are what `lingui extract` writes from the code now (no message missing or stale),
 *    and the compiled catalogues the app imports are those PO files compiled;
 *  - every message has its Telugu and Hindi translation; how many still await a native speaker's
 *    review (the PO `fuzzy` flag) is reported, not failed;
 *  - no donor-facing text in the web app is left outside the catalogues (untranslated-text.ts).
 * The back office, the report and the door app stay in English and are not scanned.
 */
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { CATALOGUE_AREAS } from '@store/shared/i18n/locales';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { untranslatedText } from './i18n/untranslated-text';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '..');
const committed = join(root, 'packages/shared/src/i18n/locales');
const lingui = join(root, 'node_modules/@lingui/cli/dist/lingui.js');
// pofile is the PO parser Lingui's own PO format uses.
const PO = createRequire(import.meta.url)('pofile') as {
  parse(text: string): { items: { msgid: string; msgstr: string[]; flags: Record<string, boolean> }[] };
};

const TRANSLATED = ['te', 'hi'] as const;
const FILES = ['en', ...TRANSLATED].flatMap((locale) => CATALOGUE_AREAS.map((area) => `${locale}/${area}`));

/** Staff's screens, which stay in English, and the summary only they show. */
const ENGLISH_ONLY = [
  'features/admin/',
  'features/report/',
  'features/check-in/',
  'components/monthly-giving-summary.tsx',
  'test/',
];

async function sourcesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

describe('the message catalogues', () => {
  let fresh = '';
  beforeAll(async () => {
    // Extract and compile into a copy, with the committed files as the starting point, as a
    // translator's `npm run i18n:extract && npm run i18n:compile` would.
    fresh = await mkdtemp(join(tmpdir(), 'catalogues-'));
    await cp(committed, fresh, { recursive: true });
    const env = { ...process.env, LINGUI_LOCALES_DIR: fresh };
    await run(process.execPath, [lingui, 'extract', '--clean'], { cwd: root, env });
    await run(process.execPath, [lingui, 'compile', '--typescript'], { cwd: root, env });
  }, 60_000);
  afterAll(() => rm(fresh, { recursive: true, force: true }));

  test('the PO files hold exactly the messages in the code (npm run i18n:extract)', async () => {
    for (const file of FILES) {
      const expected = await readFile(join(fresh, `${file}.po`), 'utf8');
      const actual = await readFile(join(committed, `${file}.po`), 'utf8');
      expect(actual, `${file}.po is not what extraction writes: run npm run i18n:extract`).toBe(expected);
    }
  });

  test('the compiled catalogues are the PO files compiled (npm run i18n:compile)', async () => {
    for (const file of FILES) {
      const load = async (dir: string) =>
        ((await import(pathToFileURL(join(dir, `${file}.ts`)).href)) as { messages: unknown }).messages;
      expect(await load(committed), `${file}.ts is stale: run npm run i18n:compile`).toEqual(await load(fresh));
    }
  });

  test('every message is in Telugu and Hindi; those awaiting review are counted', async () => {
    const report: string[] = [];
    for (const locale of TRANSLATED) {
      let total = 0;
      let fuzzy = 0;
      for (const area of CATALOGUE_AREAS) {
        const { items } = PO.parse(await readFile(join(committed, locale, `${area}.po`), 'utf8'));
        const missing = items.filter((item) => !item.msgstr[0]?.trim()).map((item) => item.msgid);
        expect(missing, `${locale}/${area}.po has messages without a translation`).toEqual([]);
        total += items.length;
        fuzzy += items.filter((item) => item.flags.fuzzy).length;
      }
      report.push(`${locale}: ${total} messages, ${fuzzy} awaiting a native speaker's review`);
    }
    console.log(`Translations: ${report.join('; ')}`);
  });

  test('a message has one translation in a language, whichever catalogues hold it', async () => {
    // A page loads two catalogues and the server merges all of them: the same English text with two
    // translations would be shown one way or the other depending on which loaded last.
    const differing: string[] = [];
    for (const locale of TRANSLATED) {
      const seen = new Map<string, { area: string; text: string }>();
      for (const area of CATALOGUE_AREAS) {
        const { items } = PO.parse(await readFile(join(committed, locale, `${area}.po`), 'utf8'));
        for (const { msgid, msgstr } of items) {
          const text = msgstr[0] ?? '';
          const first = seen.get(msgid);
          if (!first) seen.set(msgid, { area, text });
          else if (first.text !== text)
            differing.push(
              `${locale} ${JSON.stringify(msgid)}: ${first.area} ${JSON.stringify(first.text)}, ${area} ${JSON.stringify(text)}`,
            );
        }
      }
    }
    expect(differing).toEqual([]);
  });

  test('no donor-facing text in the web app is outside the catalogues', async () => {
    const web = join(root, 'apps/web/src');
    const found: string[] = [];
    for (const file of await sourcesUnder(web)) {
      const path = relative(web, file);
      if (ENGLISH_ONLY.some((prefix) => path.startsWith(prefix))) continue;
      for (const { line, text } of untranslatedText(path, await readFile(file, 'utf8')))
        found.push(`${path}:${line} ${text}`);
    }
    expect(found, 'text a donor sees, not marked for the catalogues (docs/i18n.md)').toEqual([]);
  });
});

describe('the scan for unmarked text', () => {
  test('finds JSX text, read attributes and shown literals, and passes marked messages', () => {
    const source = `
      export function Page({ name }: { name: string }) {
        useDocumentTitle('Checkout');
        toast.success(\`Added \${name}\`);
        window.alert('Please enter a valid donation amount.');
        return (
          <section aria-label="Monthly giving">
            <h1>Thank you</h1>
            <input placeholder={'Your name'} />
            <img alt="" src="/x.png" />
            <p>{i18n._('Give now')}</p>
            <Trans id="Read the <0>terms</0>." components={{ 0: <a href="/terms" /> }} />
            <span>{' · '}</span> — 42 %
            <button aria-label={i18n._('Close')}>×</button>
          </section>
        );
      }`;
    expect(untranslatedText('page.tsx', source).map((f) => f.text)).toEqual([
      "'Checkout'",
      '`Added ${name}`',
      "'Please enter a valid donation amount.'",
      'Monthly giving',
      'Thank you',
      'Your name',
    ]);
  });
});
