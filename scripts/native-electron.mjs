#!/usr/bin/env node
// `npm run native:electron`: builds better-sqlite3 for the installed Electron's ABI into
// native/electron-<abi>/, beside (not over) the Node builds in node_modules that the web shell and
// the tests load. The Electron shell picks them up from there (src-main/base/native-binding.ts).
// Needs the Electron binary (to know its ABI) and the network to Electron's headers: it runs where
// Electron itself could be downloaded. A packaged app does not use this: electron-builder rebuilds
// node_modules for Electron itself.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT } from './deps.mjs';
import { buildBetterSqlite3, nativeDir } from './native-build.mjs';

export function electronAbi(binary) {
  const probe = spawnSync(binary, ['-p', 'process.versions.modules'], { env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' }, encoding: 'utf8' });
  return probe.status === 0 ? probe.stdout.trim() : undefined;
}

export function electronNativeReady(binary) {
  const abi = electronAbi(binary);
  return abi !== undefined && existsSync(join(nativeDir('electron', abi), 'better_sqlite3.node'));
}

function electronBinary() {
  const dir = join(ROOT, 'node_modules', 'electron');
  const pathFile = join(dir, 'path.txt');
  return existsSync(pathFile) ? join(dir, 'dist', readFileSync(pathFile, 'utf8').trim()) : undefined;
}

function main() {
  const binary = electronBinary();
  const abi = binary && electronAbi(binary);
  if (!binary || !abi) {
    console.error('native:electron: no Electron binary is installed (node_modules/electron/path.txt); nothing to build for.');
    process.exit(1);
  }
  const { version } = JSON.parse(readFileSync(join(ROOT, 'node_modules', 'electron', 'package.json'), 'utf8'));
  // npm passes its nodedir setting down (this machine's npm sets one: the Node headers), and node-gyp
  // would build against those instead of Electron's.
  const { npm_config_nodedir: _nodedir, ...env } = process.env;
  const built = buildBetterSqlite3({
    out: nativeDir('electron', abi),
    target: `Electron ${version} (ABI ${abi})`,
    gypArgs: ['--runtime=electron', `--target=${version}`, '--dist-url=https://electronjs.org/headers'],
    env,
    label: 'native:electron',
  });
  if (!built) process.exit(1);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
