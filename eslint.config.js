import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import svelteConfig from './svelte.config.js';

/**
 * Lint, and the layering rule of DESIGN.md § Layering: a wrong import between rooms fails the build.
 *   src-shared   imports zod only
 *   src-main     imports src-shared; only shells/electron imports `electron`; only demo/ may start the sandbox
 *   src-renderer imports src-shared, never src-main
 *   src-sandbox  imports src-shared at most, never the client
 */
const element = (type) => ({ to: { element: { type } } });
const from = (type) => ({ element: { type } });

export default tseslint.config(
  { ignores: ['out/', 'dist/', 'node_modules/', '.data/'] },
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
        { type: 'demo', pattern: 'src-main/demo/**', partialMatch: false },
        { type: 'main', pattern: 'src-main/**', partialMatch: false },
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
            { from: from('main'), allow: [element('shared'), element('main'), element('demo')] },
            { from: from('demo'), allow: [element('shared'), element('main'), element('sandbox')] },
            { from: from('electron-shell'), allow: [element('shared'), element('main'), element('electron-shell')] },
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
    rules: { 'no-restricted-imports': ['error', { paths: [{ name: 'electron', message: 'Only src-main/shells/electron/ may import electron.' }] }] },
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
