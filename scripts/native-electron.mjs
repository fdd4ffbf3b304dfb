#!/usr/bin/env node
// `npm run native:electron`: builds better-sqlite3 and keytar for the installed Electron's ABI into
// native/electron-<abi>/, beside (not over) the Node builds in node_modules that the web shell and
// the tests load. The Electron shell picks them up from there (src-main/base/native-binding.ts).
// Needs the Electron binary (to know its ABI) and the network to Electron's headers: it runs where
// Electron itself could be downloaded. A packaged app does not use this: electron-builder rebuilds
// node_modules for Electron itself.
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT } from './deps.mjs';

/** Native modules of the main process, and the file each build leaves in build/Release/. */
export const NATIVE_MODULES = [
  ['better-sqlite3', 'better_sqlite3.node', true],
  ['keytar', 'keytar.node', false],
];

export function electronAbi(binary) {
  const probe = spawnSync(binary, ['-p', 'process.versions.modules'], { env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' }, encoding: 'utf8' });
  return probe.status === 0 ? probe.stdout.trim() : undefined;
}

export function nativeDir(abi) {
  return join(ROOT, 'native', `electron-${abi}`);
}

export function electronNativeReady(binary) {
  const abi = electronAbi(binary);
  return abi !== undefined && existsSync(join(nativeDir(abi), 'better_sqlite3.node'));
}

function electronBinary() {
  const dir = join(ROOT, 'node_modules', 'electron');
  const pathFile = join(dir, 'path.txt');
  return existsSync(pathFile) ? join(dir, 'dist', readFileSync(pathFile, 'utf8').trim()) : undefined;
}

function nodeGyp() {
  const local = join(ROOT, 'node_modules', 'node-gyp', 'bin', 'node-gyp.js');
  if (existsSync(local)) return local;
  // npm carries its own node-gyp.
  return join(process.execPath, '..', '..', 'lib', 'node_modules', 'npm', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js');
}

function main() {
  const binary = electronBinary();
  const abi = binary && electronAbi(binary);
  if (!binary || !abi) {
    console.error('native:electron: no Electron binary is installed (node_modules/electron/path.txt); nothing to build for.');
    process.exit(1);
  }
  const { version } = JSON.parse(readFileSync(join(ROOT, 'node_modules', 'electron', 'package.json'), 'utf8'));
  const out = nativeDir(abi);
  mkdirSync(out, { recursive: true });
  for (const [pkg, file, required] of NATIVE_MODULES) {
    const source = join(ROOT, 'node_modules', pkg);
    if (!existsSync(source)) {
      if (required) {
        console.error(`native:electron: ${pkg} is not installed (npm ci first).`);
        process.exit(1);
      }
      console.log(`native:electron: ${pkg} is not installed (optional); skipped.`);
      continue;
    }
    // Built in a copy: node_modules keeps the Node build the web shell and the tests load.
    const work = mkdtempSync(join(tmpdir(), `st-native-${pkg}-`));
    cpSync(source, join(work, pkg), { recursive: true });
    const gyp = spawnSync(process.execPath, [nodeGyp(), 'rebuild', '--runtime=electron', `--target=${version}`, '--dist-url=https://electronjs.org/headers', '--release'], {
      cwd: join(work, pkg),
      stdio: 'inherit',
    });
    if (gyp.status !== 0) {
      rmSync(work, { recursive: true, force: true });
      console.error(`native:electron: ${pkg} did not build for Electron ${version} (ABI ${abi}).`);
      if (required) process.exit(1);
      continue;
    }
    copyFileSync(join(work, pkg, 'build', 'Release', file), join(out, file));
    rmSync(work, { recursive: true, force: true });
    console.log(`native:electron: ${pkg} built for Electron ${version} → ${join(out, file)}`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
