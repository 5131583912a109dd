/**
 * The import rules `npm test` enforces (npm run check:imports), CODE_STYLE.md "Layers and folders":
 *  - no import cycle anywhere;
 *  - web: lib/components -> features -> app; a feature never imports another feature;
 *  - server: a module (modules/<name>/) never imports another module's inside it may not use;
 *  - server: the ledger (modules/ledger/) is reached through its index.ts alone (decision 0041).
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import the rules cannot follow (e.g. a broken #src/* alias) would escape every other rule.',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'An import cycle: two files (or folders) that need each other. Move the shared part down a layer.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-folder-cycle',
      severity: 'error',
      comment:
        'Two folders (e.g. two server modules) import each other. One of them owns the flow; the other is below it.',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
    {
      name: 'web-feature-to-feature',
      severity: 'error',
      comment:
        'A web feature imports another feature. Move what both need to src/components (UI) or src/lib (hooks, helpers).',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/([^/]+)/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-lower-layer-to-feature',
      severity: 'error',
      comment: 'src/lib and src/components are below the features: they never import a feature or the app.',
      from: { path: '^apps/web/src/(lib|components)/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'web-feature-to-app',
      severity: 'error',
      comment: 'Features are below the app shell (src/app): the app imports features, never the reverse.',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'ledger-public-surface',
      severity: 'error',
      comment:
        'The ledger (orders, settlement, receipt numbers, corrections) is imported through modules/ledger/index.ts, its declared surface: never a file inside it.',
      from: { path: '^apps/server/src/', pathNot: '^apps/server/src/modules/ledger/' },
      to: { path: '^apps/server/src/modules/ledger/', pathNot: '^apps/server/src/modules/ledger/index\\.ts$' },
    },
    {
      name: 'shared-stays-shared',
      severity: 'error',
      comment: 'packages/shared is used by both apps and imports neither.',
      from: { path: '^packages/shared/' },
      to: { path: '^apps/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Tests may render the whole app or reach across modules; the rules are about the product code.
    exclude: {
      path: [
        '(^|/)(node_modules|dist)/',
        '\\.test\\.tsx?$',
        '^apps/(web|server)/src/test/',
        '^apps/server/test/',
        '-test-helpers\\.tsx?$',
      ],
    },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
