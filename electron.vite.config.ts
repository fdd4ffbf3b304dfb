import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'electron-vite';

const { version } = JSON.parse(readFileSync(resolve(import.meta.dirname, 'package.json'), 'utf8')) as { version: string };
const define = { __APP_VERSION__: JSON.stringify(version) };

/**
 * One build for main, preload and renderer. Main has three entries: the Electron main process, the
 * web shell (the same main-process code under plain Node) and the chain server (headless, Node).
 */
export default defineConfig({
  main: {
    define,
    build: {
      outDir: 'out/main',
      rollupOptions: {
        input: {
          main: resolve(import.meta.dirname, 'src-main/shells/electron/main.ts'),
          web: resolve(import.meta.dirname, 'src-main/shells/web/entry.ts'),
          // The chain's server (docs/chain-server.md): the hub role headless, on PostgreSQL.
          server: resolve(import.meta.dirname, 'src-main/shells/server/entry.ts'),
        },
        // An optional dependency (absent where libsecret is): loaded at run time, never bundled.
        external: ['keytar'],
        output: { format: 'es', entryFileNames: '[name].js' },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload cannot load modules: one self-contained CommonJS file.
      externalizeDeps: false,
      rollupOptions: {
        input: { preload: resolve(import.meta.dirname, 'src-main/shells/electron/preload.ts') },
        external: ['electron'],
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(import.meta.dirname, 'src-renderer'),
    define,
    plugins: [svelte({ configFile: resolve(import.meta.dirname, 'svelte.config.js') })],
    build: {
      outDir: resolve(import.meta.dirname, 'out/renderer'),
      rollupOptions: {
        input: {
          index: resolve(import.meta.dirname, 'src-renderer/index.html'),
          // The chain manager console's page (docs/chain-console.md), served by the chain server's console listener.
          console: resolve(import.meta.dirname, 'src-renderer/console.html'),
        },
      },
      // No inline scripts or styles: the CSP allows 'self' only.
      assetsInlineLimit: 0,
      // Minified (electron-vite's default for the renderer is not): a third of the bytes to read and
      // parse at every start (bench/coldstart.bench.ts).
      minify: 'oxc',
      cssMinify: 'lightningcss',
      // ES2021 syntax: class static blocks (ES2022, which the minifier makes of intl-messageformat's
      // static fields) are beyond the parser of the Electron security audit (electronegativity), and
      // a bundle it cannot read is a bundle it does not check. Chromium runs either.
      target: 'es2021',
      // Source maps for support, as files beside the bundle (assets/*.js.map, matched by the bundle's
      // hashed name) and never pointed at from it: 'hidden' leaves out the sourceMappingURL comment,
      // and neither shell serves .map files (web/host.ts, electron/shell.ts), so the page carries
      // only what it runs, not the sources with their comments and the build's folder layout.
      sourcemap: 'hidden',
    },
  },
});
