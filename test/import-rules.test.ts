/**
 * The import rules of .dependency-cruiser.cjs (`npm run check:imports`, CODE_STYLE.md "Layers and folders") are
 * themselves tested: each rule is run on a small tree made for it in a temp directory, laid out like
 * this repository, and must refuse what it exists to refuse and accept what is allowed. Without this,
 * a rule whose path pattern stopped matching would pass every tree silently.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, test } from 'vitest';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const depcruise = join(repoRoot, 'node_modules/.bin/depcruise');
const config = join(repoRoot, '.dependency-cruiser.cjs');
const run = promisify(execFile);

let tree: string | undefined;
afterEach(async () => {
  if (tree) await rm(tree, { recursive: true, force: true });
  tree = undefined;
});

/** Writes the files (path → source) and runs the repository's rules over them. */
async function check(files: Record<string, string>): Promise<{ failed: boolean; output: string }> {
  tree = await mkdtemp(join(tmpdir(), 'import-rules-'));
  for (const [path, source] of Object.entries(files)) {
    await mkdir(dirname(join(tree, path)), { recursive: true });
    await writeFile(join(tree, path), source);
  }
  const roots = [...new Set(Object.keys(files).map((path) => path.split('/')[0] ?? path))];
  const args = [...roots, '--config', config, '--output-type', 'err'];
  try {
    const { stdout } = await run(depcruise, args, { cwd: tree });
    return { failed: false, output: stdout };
  } catch (error) {
    const { stdout = '', stderr = '', code } = error as { stdout?: string; stderr?: string; code?: number };
    // A refused tree lists its violations; anything else (a config dependency-cruiser rejects, a
    // crash) must fail the test loudly rather than pass as "refused".
    if (typeof code !== 'number' || !stdout.includes('dependency violations')) {
      throw new Error(`depcruise did not run: ${stderr || stdout || String(error)}`);
    }
    return { failed: true, output: stdout };
  }
}

const exportsOne = (name: string) => `export const ${name} = 1;\n`;

describe('import rules', () => {
  test('a web feature importing another feature fails, naming the rule and both files', async () => {
    const result = await check({
      'apps/web/src/features/checkout/labelled-input.ts': exportsOne('labelledInput'),
      'apps/web/src/features/report/filter.ts': `import { labelledInput } from '../checkout/labelled-input';\nexport const filter = labelledInput;\n`,
    });
    expect(result.failed).toBe(true);
    expect(result.output).toContain('web-feature-to-feature');
    expect(result.output).toContain('apps/web/src/features/report/filter.ts');
  });

  test('the #src/* alias is followed: a feature reaching another through it still fails', async () => {
    const result = await check({
      'apps/web/package.json': JSON.stringify({ type: 'module', imports: { '#src/*': './src/*' } }),
      'apps/web/src/features/checkout/labelled-input.ts': exportsOne('labelledInput'),
      'apps/web/src/features/report/filter.ts': `import { labelledInput } from '#src/features/checkout/labelled-input';\nexport const filter = labelledInput;\n`,
    });
    expect(result.failed).toBe(true);
    expect(result.output).toContain('web-feature-to-feature');
  });

  test('features may import components and lib, and files of their own feature', async () => {
    const result = await check({
      'apps/web/src/components/labelled-input.ts': exportsOne('labelledInput'),
      'apps/web/src/lib/format.ts': exportsOne('format'),
      'apps/web/src/features/report/columns.ts': exportsOne('columns'),
      'apps/web/src/features/report/filter.ts': [
        `import { labelledInput } from '../../components/labelled-input';`,
        `import { format } from '../../lib/format';`,
        `import { columns } from './columns';`,
        'export const filter = [labelledInput, format, columns];',
        '',
      ].join('\n'),
    });
    expect(result.output).not.toContain('error');
    expect(result.failed).toBe(false);
  });

  test('lib or components importing a feature fails', async () => {
    const result = await check({
      'apps/web/src/features/bucket/cart.ts': exportsOne('cart'),
      'apps/web/src/lib/top-bar-count.ts': `import { cart } from '../features/bucket/cart';\nexport const count = cart;\n`,
    });
    expect(result.failed).toBe(true);
    expect(result.output).toContain('web-lower-layer-to-feature');
  });

  test('an import cycle fails, also when one side imports only a type', async () => {
    const result = await check({
      'apps/server/src/modules/mail/receipt.ts': `import type { Text } from './receipt-text';\nexport type Receipt = { text: Text };\n`,
      'apps/server/src/modules/mail/receipt-text.ts': `import type { Receipt } from './receipt';\nexport type Text = string;\nexport type Of = Receipt;\n`,
    });
    expect(result.failed).toBe(true);
    expect(result.output).toContain('no-cycle');
  });

  test('two server modules importing each other fail, though no single file cycle exists', async () => {
    const result = await check({
      'apps/server/src/modules/orders/settle.ts': `import { gateway } from '../payments/gateway';\nexport const settle = gateway;\n`,
      'apps/server/src/modules/orders/tables.ts': exportsOne('orders'),
      'apps/server/src/modules/payments/gateway.ts': exportsOne('gateway'),
      'apps/server/src/modules/payments/routes.ts': `import { orders } from '../orders/tables';\nexport const routes = orders;\n`,
    });
    expect(result.failed).toBe(true);
    expect(result.output).toContain('no-folder-cycle');
    expect(result.output).not.toMatch(/error no-cycle:/);
  });

  test('a module reaching inside the ledger fails; through its index it passes', async () => {
    const ledger = {
      'apps/server/src/modules/ledger/tables.ts': exportsOne('orders'),
      'apps/server/src/modules/ledger/index.ts': `export { orders } from './tables';\n`,
    };
    const inside = await check({
      ...ledger,
      'apps/server/src/modules/refunds/refund.ts': `import { orders } from '../ledger/tables';\nexport const refund = orders;\n`,
    });
    expect(inside.failed).toBe(true);
    expect(inside.output).toContain('ledger-public-surface');
    expect(inside.output).toContain('apps/server/src/modules/refunds/refund.ts');
    const surface = await check({
      ...ledger,
      'apps/server/src/modules/refunds/refund.ts': `import { orders } from '../ledger/index';\nexport const refund = orders;\n`,
    });
    expect(surface).toEqual({ failed: false, output: expect.any(String) });
  });

  test('the shared package importing an app fails', async () => {
    const result = await check({
      'apps/server/src/config.ts': exportsOne('config'),
      'packages/shared/src/money.ts': `import { config } from '../../../apps/server/src/config';\nexport const money = config;\n`,
    });
    expect(result.failed).toBe(true);
    expect(result.output).toContain('shared-stays-shared');
  });
});
