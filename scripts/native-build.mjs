// Builds better-sqlite3 for a runtime other than the Node that installed node_modules, into
// native/<runtime>-<abi>/ beside (never over) node_modules' build: Electron's (native-electron.mjs)
// and a second Node's (test-node24.mjs). The app picks it up from there
// (src-main/base/native-binding.ts). keytar, the other native module, needs no such build: it is a
// Node-API module, so node_modules' one build loads in every Node and Electron.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { ROOT } from './deps.mjs';

const MODULE = 'better-sqlite3';
const FILE = 'better_sqlite3.node';
/**
 * node::ObjectWrap without Node 24's per-object cleanup hooks, forced into the C++ build: with them,
 * better-sqlite3 12 aborts the process from a garbage collection (the header says why).
 */
const CLASSIC_OBJECT_WRAP = join(ROOT, 'scripts', 'addon-headers', 'object-wrap-classic.h');

/** native/<runtime>-<abi>/: `electron-150`, `node-137` (the names native-binding.ts looks for). */
export function nativeDir(runtime, abi) {
  return join(ROOT, 'native', `${runtime}-${abi}`);
}

/** What the build in a folder was made from, so a later run knows whether it still fits. */
const STAMP = 'built-from.json';

function stampFor(target) {
  const { version } = JSON.parse(readFileSync(join(ROOT, 'node_modules', MODULE, 'package.json'), 'utf8'));
  const objectWrap = createHash('sha256').update(readFileSync(CLASSIC_OBJECT_WRAP)).digest('hex').slice(0, 16);
  return JSON.stringify({ target, [MODULE]: version, objectWrap });
}

/** True when `out` holds a build of the installed better-sqlite3 for `target` (say `Node 24.21.0 (ABI 137)`). */
export function nativeBuildCurrent(out, target) {
  const stamp = join(out, STAMP);
  return existsSync(join(out, FILE)) && existsSync(stamp) && readFileSync(stamp, 'utf8') === stampFor(target);
}

function nodeGyp() {
  const local = join(ROOT, 'node_modules', 'node-gyp', 'bin', 'node-gyp.js');
  if (existsSync(local)) return local;
  // npm carries its own node-gyp.
  return join(process.execPath, '..', '..', 'lib', 'node_modules', 'npm', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js');
}

/**
 * Builds better-sqlite3 in a copy of its node_modules folder (node_modules keeps the build its own
 * Node loads) with `node-gyp rebuild <gypArgs>` run by `node`, and copies the result into `out`.
 * Returns false when it did not build (node-gyp's output printed).
 */
export function buildBetterSqlite3({ out, target, gypArgs, node = process.execPath, env = process.env, label }) {
  const source = join(ROOT, 'node_modules', MODULE);
  if (!existsSync(source)) {
    console.error(`${label}: ${MODULE} is not installed (npm ci first).`);
    return false;
  }
  mkdirSync(out, { recursive: true });
  rmSync(join(out, STAMP), { force: true });
  const work = mkdtempSync(join(tmpdir(), `st-native-${MODULE}-`));
  try {
    // The copy leaves node_modules' own build out: node-gyp rebuilds from the sources.
    const ownBuild = join(source, 'build');
    cpSync(source, join(work, MODULE), { recursive: true, filter: (path) => path !== ownBuild && !path.startsWith(ownBuild + sep) });
    // CXXFLAGS reach only the C++ sources (better-sqlite3's own), not SQLite's C.
    const cxxflags = [env.CXXFLAGS, `-include "${CLASSIC_OBJECT_WRAP}"`].filter(Boolean).join(' ');
    // The compiler's warnings on SQLite are many and not ours: shown only when the build fails.
    const gyp = spawnSync(node, [nodeGyp(), 'rebuild', '--release', ...gypArgs], {
      cwd: join(work, MODULE),
      env: { ...env, CXXFLAGS: cxxflags },
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    if (gyp.status !== 0) {
      console.error(`${gyp.stdout ?? ''}${gyp.stderr ?? ''}${gyp.error ? String(gyp.error) : ''}`);
      console.error(`${label}: ${MODULE} did not build for ${target} (node-gyp's output above).`);
      return false;
    }
    copyFileSync(join(work, MODULE, 'build', 'Release', FILE), join(out, FILE));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  writeFileSync(join(out, STAMP), stampFor(target));
  console.log(`${label}: ${MODULE} built for ${target} → ${join(out, FILE)}`);
  return true;
}
