import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import svelteConfig from './svelte.config.js';

/**
 * Lint, and the layering rules (docs/architecture.md § Layers): a wrong import fails the build.
 *   src-shared   imports zod only
 *   src-main     imports src-shared; only shells/electron imports `electron`; only demo/ may start the sandbox
 *   src-renderer imports src-shared, never src-main
 *   src-sandbox  imports src-shared at most, never the client
 * Inside src-main, rooms are layered, each importing only rooms below it (and itself), as VS Code
 * layers base/ platform/ workbench/: base < config, api, orders, queue < auth, db < sync, merchant,
 * print, diagnostics < ipc < account < feature-kit < features < app < shells. Each feature is a folder of its
 * own (features/<name>/) that imports the rooms below (the feature kit among them), never another
 * feature. Import cycles (type-only imports included) are refused by
 * `npm run lint:cycles` (dpdm).
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
  ['main-account', 'src-main/account/**', 5],
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

export default tseslint.config(
  { ignores: ['out/', 'dist/', 'node_modules/', '.data/', '.cache/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...svelte.configs.recommended,
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
      'boundaries/elements': [
        { type: 'shared', pattern: 'src-shared/**', partialMatch: false },
        { type: 'electron-shell', pattern: 'src-main/shells/electron/**', partialMatch: false },
        ...MAIN_LAYERS.map(([type, pattern]) => ({ type, pattern, partialMatch: false, ...(type === 'main-feature' ? { capture: ['feature'] } : {}) })),
        { type: 'renderer', pattern: 'src-renderer/**', partialMatch: false },
        { type: 'sandbox', pattern: 'src-sandbox/**', partialMatch: false },
      ],
    },
    rules: {
      'boundaries/no-unknown-dependencies': 'error',
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            { from: from('shared'), allow: [element('shared'), { to: { module: { origin: 'external', source: 'zod' } } }] },
            ...MAIN_LAYERS.map(([type], level) => ({
              from: from(type),
              allow: [element('shared'), ...mainBelow(level), ...(type === 'demo' ? [element('sandbox')] : []), ...(type === 'main-feature' ? FEATURE_OWN : [])],
            })),
            { from: from('electron-shell'), allow: [element('shared'), element('electron-shell'), ...mainBelow(MAIN_LAYERS.length)] },
            { from: from('renderer'), allow: [element('shared'), element('renderer')] },
            { from: from('sandbox'), allow: [element('shared'), element('sandbox')] },
          ],
        },
      ],
    },
  },
  // Packages per room (boundaries checks the project's own files; this checks package names).
  {
    files: ['src-shared/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: '^(?!zod$|\\.).*', message: 'src-shared imports zod only.' }] }] },
  },
  {
    files: ['src-main/**'],
    ignores: ['src-main/shells/electron/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [
        { name: 'electron', message: 'Only src-main/shells/electron/ may import electron.' },
        { name: 'electron-updater', message: 'Only src-main/shells/electron/ may import electron-updater.' },
      ] }],
    },
  },
  {
    files: ['src-renderer/**'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ regex: '^(node:|electron$|better-sqlite3$|keytar$|undici$|ws$|fastify)', message: 'The renderer is a web page: no Node or main-process packages.' }],
      }],
    },
  },
  {
    files: ['src-sandbox/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [{ name: 'electron', message: 'The sandbox is a plain server.' }] }] },
  },
);
