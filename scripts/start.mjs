#!/usr/bin/env node
// `npm start`: on the project's Node (24 LTS; fetched once when the machine has another), installs
// the npm packages when missing, builds, and opens the Electron window where an Electron binary is
// installed, else the web shell in a Chromium app window (or the default browser), saying which in
// one line.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensurePackages, ROOT } from './deps.mjs';
import { useProjectNode } from './project-node.mjs';

await useProjectNode();
ensurePackages();

const args = process.argv.slice(2);
const beforeEnd = args.includes('--') ? args.slice(0, args.indexOf('--')) : args;
if (beforeEnd.some((arg) => arg === '--help' || arg === '-h')) {
  // The usage, at once and without a build: it comes from the flags' one definition in the sources
  // (src-main/config/config.ts), as the built shells print it.
  const usage = "import('./src-main/config/config.ts').then((config) => process.stdout.write(config.terminalUsage()))";
  const shown = spawnSync(process.execPath, ['--import', 'tsx', '-e', usage], { cwd: ROOT, stdio: 'inherit' });
  process.exit(shown.status ?? 1);
}

const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: ROOT, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const shellFlag = args.indexOf('--shell');
const wanted = (shellFlag >= 0 ? args[shellFlag + 1] : undefined) ?? process.env.STORE_TERMINAL_SHELL;

function electronBinary() {
  const dir = join(ROOT, 'node_modules', 'electron');
  const pathFile = join(dir, 'path.txt');
  if (!existsSync(pathFile)) return undefined;
  const binary = join(dir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : undefined;
}

// better-sqlite3 and keytar are Node-API modules: node_modules' builds load in Electron as they are.
const binary = wanted === 'web' ? undefined : electronBinary();
let child;
if (binary) {
  console.log('Store Terminal: starting the Electron window.');
  child = spawn(binary, [join(ROOT, 'out/main/main.js'), ...args], { stdio: 'inherit' });
} else {
  const why = wanted === 'web' ? 'web shell requested' : 'no Electron window is available here';
  if (wanted === 'electron') console.log('Store Terminal: --shell electron was asked for, but no usable Electron binary is installed.');
  console.log(`Store Terminal: ${why}; running the web shell in a Chromium app window instead.`);
  child = spawn(process.execPath, [join(ROOT, 'out/main/web.js'), ...args], { stdio: 'inherit' });
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
