#!/usr/bin/env node
// `npm start`: the Electron window where an Electron binary is installed, else the web shell in a
// Chromium app window (or the default browser), saying which in one line.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const shellFlag = args.indexOf('--shell');
const wanted = (shellFlag >= 0 ? args[shellFlag + 1] : undefined) ?? process.env.STORE_TERMINAL_SHELL;

function electronBinary() {
  try {
    const require = createRequire(import.meta.url);
    const pkgDir = dirname(require.resolve('electron/package.json'));
    const pathFile = join(pkgDir, 'path.txt');
    if (!existsSync(pathFile)) return undefined;
    const binary = join(pkgDir, 'dist', readFileSync(pathFile, 'utf8').trim());
    return existsSync(binary) ? binary : undefined;
  } catch {
    return undefined;
  }
}

const binary = wanted === 'web' ? undefined : electronBinary();
let child;
if (binary) {
  console.log('Store Terminal: starting the Electron window.');
  child = spawn(binary, [join(root, 'out/main/main.js'), ...args], { stdio: 'inherit' });
} else {
  const why = wanted === 'web' ? 'web shell requested' : 'no Electron binary is installed here';
  if (wanted === 'electron') console.log('Store Terminal: --shell electron was asked for, but no Electron binary is installed.');
  console.log(`Store Terminal: ${why}; running the web shell in a Chromium app window instead.`);
  child = spawn(process.execPath, [join(root, 'out/main/web.js'), ...args], { stdio: 'inherit' });
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
