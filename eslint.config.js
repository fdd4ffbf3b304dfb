import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import prettier from 'eslint-config-prettier';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import svelteConfig from './svelte.config.js';

/**
 * Lint, and the layering rules (docs/architecture.md § Layers): a wrong import fails the build.
 *   src-shared   imports zod (and intl-messageformat, for its message layer) only
 *   src-main     imports src-shared; only shells/electron imports `electron`; only demo/ may start the sandbox
 *   src-renderer imports src-shared, never src-main
 *   src-sandbox  imports src-shared at most, never the client
 * Inside src-main, rooms are layered, each importing only rooms below it (and itself), as VS Code
 * layers base/ platform/ workbench/: base < config, api, orders, queue < auth, db < sync, merchant,
 * print, diagnostics < ipc, hub < account, chain < feature-kit < features < app < shells. Each feature is a
 * folder of its own (features/<name>/) that imports the rooms below (the feature kit among them),
 * never another feature. Import cycles (type-only imports included) are refused by
 * `npm run lint:cycles` (scripts/import-cycles.mjs, Svelte components included).
 */
const element = (type) => ({ to: { element: { type } } });
const from = (type) => ({ element: { type } });

/**
 * The rooms of src-main, lowest first. Rooms on one line of the comment above share a level: they
 * may not import each other (so they never form a cycle), only rooms of lower levels and themselves.
 */
const MAIN_LAYERS = [
  ['main-base', 'src-main/base/**', 0],
  ['main-config', 'src-main/config/**', 1],
  ['main-api', 'src-main/api/**', 1],
  ['main-orders', 'src-main/orders/**', 1],
  ['main-queue', 'src-main/queue/**', 1],
  ['main-auth', 'src-main/auth/**', 2],
  ['main-db', 'src-main/db/**', 2],
  ['demo', 'src-main/demo/**', 2],
  ['main-sync', 'src-main/sync/**', 3],
  ['main-merchant', 'src-main/merchant/**', 3],
  ['main-print', 'src-main/print/**', 3],
  ['main-diagnostics', 'src-main/diagnostics/**', 3],
  ['main-ipc', 'src-main/ipc/**', 4],
  ['main-hub', 'src-main/hub/**', 4],
  ['main-account', 'src-main/account/**', 5],
  ['main-chain', 'src-main/chain/**', 5],
  ['main-feature-kit', 'src-main/feature-kit/**', 6],
  ['main-feature', 'src-main/features/*/**', 7],
  ['main-app', 'src-main/app/**', 8],
  ['main-shells', 'src-main/shells/**', 9],
];
/** The element rules a room at `index` may import: itself and every room of a lower level. */
const mainBelow = (index) => {
  const level = index < MAIN_LAYERS.length ? MAIN_LAYERS[index][2] : Infinity;
  return MAIN_LAYERS.filter(([, , l], i) => (i === index && MAIN_LAYERS[i][0] !== 'main-feature') || l < level).map(([type]) => element(type));
};
/** A feature imports its own folder (and the rooms below), never another feature. */
const FEATURE_OWN = [{ to: { element: { type: 'main-feature', captured: { feature: '{{ from.element.captured.feature }}' } } } }];

/**
 * The renderer's feature folders, and the features each may import (its components and its
 * states) where the design needs it; every other feature is out of reach. The graph must stay
 * acyclic (checked below). Whatever a feature reaches through `getTerminal()` is not an import.
 *   i18n/ and every feature's messages.ts are the strings, at the bottom (they import nothing else);
 *   lib/ is the toolbox (reads, the clock, small components) over the strings;
 *   a feature's states and rules (`*.ts`) import the strings, lib/ and the states of its features;
 *   app/ (terminal.ts, app-state) builds every state: it imports states, never a component;
 *   a feature's components (`*.svelte`) import the above, app/'s code (getTerminal), and the components of its features;
 *   App.svelte and main.ts compose the screens.
 */
const RENDERER_FEATURES = {
  'store-actions': [],
  // A screen's joining: the first run's step, its link to its hub (the lost-hub banner, its place in Settings).
  join: [],
  // The first run offers joining a hub as its third choice.
  setup: ['join'],
  print: [],
  promotions: ['store-actions'],
  'delivery-orders': ['store-actions'],
  // Who works at the device, the team, a manager's PIN at a costly action, the trail's lines (docs/staff.md).
  staff: [],
  // The drawer shows an order's delivery-only panel, its reprint buttons and who did what; the board opens the delivery-order dialog.
  orders: ['delivery-orders', 'print', 'staff'],
  // The alerts ring for the board's orders.
  alerts: ['orders'],
  // The platform's link: the top bar's badge, the offline banner (in the alerts' words of why).
  status: ['alerts'],
  stores: ['alerts', 'settings', 'store-actions', 'checkin'],
  checkin: [],
  // The stores' load and the warnings before the platform's automatic closure (the top bar's word, the frame's banner).
  rush: ['orders'],
  // The top bar gathers who is working, the mute button, the store's status, the printer's alert and the rush word.
  frame: ['alerts', 'stores', 'status', 'print', 'rush', 'staff'],
  // The day summary shows the kitchen's speed of service per station.
  history: ['orders', 'kitchen', 'staff'],
  menu: ['promotions', 'store-actions'],
  reviews: ['store-actions'],
  // The kitchen's pages and their setup (Settings › Kitchen screens).
  kitchen: [],
  // The hub's screens show the pairing QR the way the first run shows its own.
  screens: ['setup'],
  'shared-queue': [],
  diagnostics: [],
  settings: ['alerts', 'diagnostics', 'kitchen', 'join', 'orders', 'print', 'rush', 'screens', 'setup', 'staff'],
  // The chain manager console's page (its own entry, console-main.ts): a bulk pause words and times as the Store page does,
  // a bulk promotion reads its form as the Promotions page does, a store's team is added and its trail said as on a terminal.
  console: ['stores', 'promotions', 'staff'],
};
/** Refuses a cycle among the features: a feature may not reach itself through the features it imports. */
for (const start of Object.keys(RENDERER_FEATURES)) {
  const seen = new Set();
  const walk = (feature, path) => {
    for (const next of RENDERER_FEATURES[feature]) {
      if (!(next in RENDERER_FEATURES)) throw new Error(`eslint.config.js: ${feature} imports unknown feature ${next}`);
      if (next === start) throw new Error(`eslint.config.js: renderer features form a cycle: ${[...path, next].join(' → ')}`);
      if (!seen.has(next)) {
        seen.add(next);
        walk(next, [...path, next]);
      }
    }
  };
  walk(start, [start]);
}
/** The renderer's folders as elements (the root's files last); a file's kind is its category below. */
const RENDERER_ELEMENTS = [
  { type: 'r-i18n', pattern: 'src-renderer/i18n/**', partialMatch: false },
  { type: 'r-lib', pattern: 'src-renderer/lib/**', partialMatch: false },
  { type: 'r-app', pattern: 'src-renderer/app/**', partialMatch: false },
  ...Object.keys(RENDERER_FEATURES).map((feature) => ({ type: `r-${feature}`, pattern: `src-renderer/${feature}/**`, partialMatch: false })),
  { type: 'r-root', pattern: 'src-renderer/**', partialMatch: false },
];
/** A file's kind: a component, a feature's strings, or code (a state class, rules, helpers). */
const FILE_KINDS = [
  { category: 'view', pattern: '**/*.svelte' },
  { category: 'strings', pattern: '**/*messages.ts' },
  { category: 'code', pattern: '**/*.ts' },
];
const at = (type, kind) => ({ to: { element: { type }, ...(kind ? { file: { categories: kind } } : {}) } });
const fromAt = (type, kind) => ({ element: { type }, ...(kind ? { file: { categories: kind } } : {}) });
/** What every renderer file may import: src-shared, the strings (i18n/ and every messages.ts), lib/'s code. */
const rendererBase = [element('shared'), at('r-i18n'), at('r-*', 'strings'), at('r-lib', 'code')];
const RENDERER_POLICIES = [
  { from: fromAt('r-*', 'strings'), allow: [element('shared'), at('r-i18n')] },
  { from: fromAt('r-i18n'), allow: rendererBase },
  { from: fromAt('r-lib', 'code'), allow: rendererBase },
  { from: fromAt('r-lib', 'view'), allow: [...rendererBase, at('r-lib', 'view'), at('r-app', 'code')] },
  { from: fromAt('r-app', 'code'), allow: [...rendererBase, at('r-app', 'code'), ...Object.keys(RENDERER_FEATURES).map((f) => at(`r-${f}`, 'code'))] },
  ...Object.entries(RENDERER_FEATURES).flatMap(([feature, uses]) => [
    { from: fromAt(`r-${feature}`, 'code'), allow: [...rendererBase, at(`r-${feature}`, 'code'), ...uses.map((f) => at(`r-${f}`, 'code'))] },
    { from: fromAt(`r-${feature}`, 'view'), allow: [...rendererBase, at('r-lib'), at('r-app', 'code'), at(`r-${feature}`), ...uses.map((f) => at(`r-${f}`))] },
  ]),
  { from: fromAt('r-root'), allow: [element('shared'), at('r-*')] },
];

export default tseslint.config(
  { ignores: ['out/', 'dist/', 'node_modules/', '.data/', '.cache/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...svelte.configs.recommended,
  // Layout is Prettier's (`npm run format`, checked by the lint): no stylistic rule of eslint's may contradict it.
  prettier,
  ...svelte.configs.prettier,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2024, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['src-renderer/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: { parserOptions: { projectService: false, extraFileExtensions: ['.svelte'], parser: tseslint.parser, svelteConfig } },
  },
  {
    files: ['src-shared/**', 'src-main/**', 'src-renderer/**', 'src-sandbox/**'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.js', '.svelte'] } },
      'boundaries/files': FILE_KINDS,
      'boundaries/files-single-match': true,
      'boundaries/elements': [
        { type: 'shared', pattern: 'src-shared/**', partialMatch: false },
        { type: 'electron-shell', pattern: 'src-main/shells/electron/**', partialMatch: false },
        ...MAIN_LAYERS.map(([type, pattern]) => ({ type, pattern, partialMatch: false, ...(type === 'main-feature' ? { capture: ['feature'] } : {}) })),
        ...RENDERER_ELEMENTS,
        { type: 'sandbox', pattern: 'src-sandbox/**', partialMatch: false },
      ],
    },
    rules: {
      'boundaries/no-unknown-dependencies': 'error',
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          // Inside one folder too: a feature's code never imports its own components.
          checkInternals: true,
          policies: [
            { from: from('shared'), allow: [element('shared'), { to: { module: { origin: 'external', source: ['zod', 'intl-messageformat'] } } }] },
            ...MAIN_LAYERS.map(([type], level) => ({
              from: from(type),
              allow: [
                element('shared'),
                ...mainBelow(level),
                ...(type === 'demo' ? [element('sandbox')] : []),
                ...(type === 'main-feature' ? FEATURE_OWN : []),
              ],
            })),
            { from: from('electron-shell'), allow: [element('shared'), element('electron-shell'), ...mainBelow(MAIN_LAYERS.length)] },
            ...RENDERER_POLICIES,
            { from: from('sandbox'), allow: [element('shared'), element('sandbox')] },
          ],
        },
      ],
    },
  },
  // Packages per room (boundaries checks the project's own files; this checks package names).
  {
    files: ['src-shared/**'],
    // zod for the schemas; intl-messageformat for the one message layer of screens and tickets (src-shared/i18n/).
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!zod$|intl-messageformat$|\\.).*', message: 'src-shared imports zod and intl-messageformat only.' }] },
      ],
    },
  },
  {
    files: ['src-main/**'],
    ignores: ['src-main/shells/electron/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'electron', message: 'Only src-main/shells/electron/ may import electron.' },
            { name: 'electron-updater', message: 'Only src-main/shells/electron/ may import electron-updater.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src-renderer/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(node:|electron$|better-sqlite3$|keytar$|undici$|ws$|fastify)',
              message: 'The renderer is a web page: no Node or main-process packages.',
            },
          ],
        },
      ],
    },
  },
  {
    // A component reaches the main process only through its state class: it never holds the bridge.
    files: ['src-renderer/**/*.svelte'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(node:|electron$|better-sqlite3$|keytar$|undici$|ws$|fastify)',
              message: 'The renderer is a web page: no Node or main-process packages.',
            },
            { regex: '/lib/(web-)?bridge$', message: 'A component reaches the main process through its state class (getTerminal()), never the bridge.' },
            {
              regex: '/ipc/contract$',
              importNames: ['Bridge', 'BRIDGE_GLOBAL'],
              message: 'A component reaches the main process through its state class (getTerminal()), never the bridge.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src-sandbox/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [{ name: 'electron', message: 'The sandbox is a plain server.' }] }] },
  },
);
