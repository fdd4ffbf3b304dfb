#!/usr/bin/env node
// The Node the project runs on: Node 24 LTS, the Node line of Electron 45's main process. Every
// entry script (`npm start`, `npm test`, the chain server, the benchmarks) awaits useProjectNode()
// first: on Node 24 it returns at once; on any other Node it says so in one line, fetches the pinned
// Node 24 from the npm registry's node-<os>-<cpu> package (binary and headers, integrity-checked)
// into a cache folder outside the repo, and runs the same script again under it, with that Node
// first on PATH so npm, node-gyp and every tool started below run on it too. The machine's own node
// is left alone.
//
// `node scripts/project-node.mjs FILE [args]` runs any program under the project's Node the same way
// (`npm run server`, `npm run bench`, `npm run sandbox`).
//
// Written for old Nodes too: it is the one file a Node 20 runs.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The Node the project is tested on, and the tarballs it fetches (checked, not only npm's word for it). */
export const PROJECT_NODE = {
  major: 24,
  version: '24.21.0',
  integrity: {
    'linux-x64': 'sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==',
    'linux-arm64': 'sha512-FpJRPEz2OvvTLfjIOlNGFY9JLPMKgl5m+d4oGYBLg24kJ1mmvN1Zl/HPJgF4HDaJ51ISev1l1cRZ/DM+keXW5g==',
  },
};

const LABEL = 'Store Terminal';

function fail(message) {
  console.error(`${LABEL}: ${message}`);
  process.exit(1);
}

export function cacheRoot(env = process.env) {
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'store-terminal');
}

/** True when this Node is the project's line (24.x). */
export function onProjectLine(version = process.versions.node) {
  return Number(version.split('.')[0]) === PROJECT_NODE.major;
}

/** The registry package that ships the pinned Node for this machine, or undefined where none is pinned. */
function platformKey() {
  const key = `${process.platform}-${process.arch}`;
  return PROJECT_NODE.integrity[key] ? key : undefined;
}

function sha512(file) {
  return `sha512-${createHash('sha512').update(readFileSync(file)).digest('base64')}`;
}

function usable(dir) {
  return existsSync(join(dir, 'bin', 'node')) && existsSync(join(dir, 'include', 'node', 'node_version.h'));
}

/** The pinned Node's folder in the cache (bin/node, include/node/), fetched and unpacked when missing. */
export function ensureProjectNode() {
  const key = platformKey();
  if (!key) {
    fail(
      `this is Node ${process.versions.node}; the project runs on Node ${PROJECT_NODE.major} LTS, and none is fetched for ${process.platform}-${process.arch}. Install Node ${PROJECT_NODE.major} and run the command again.`,
    );
  }
  const root = cacheRoot();
  const dir = join(root, `node-v${PROJECT_NODE.version}-${key}`);
  if (usable(dir)) return { dir, node: join(dir, 'bin', 'node') };
  mkdirSync(root, { recursive: true, mode: 0o700 });
  const work = mkdtempSync(join(root, '.fetch-'));
  const pkg = `node-${key}@${PROJECT_NODE.version}`;
  try {
    console.log(`${LABEL}: fetching Node ${PROJECT_NODE.version} once (the npm registry's ${pkg}, about 30 MB) into ${dir}`);
    // npm pack: the registry client as set up on this machine (proxy, CA), with npm's own integrity check.
    const packed = spawnSync('npm', ['pack', pkg, '--json', '--pack-destination', work], { cwd: work, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
    if (packed.status !== 0) fail(`npm pack ${pkg} failed (above). Install Node ${PROJECT_NODE.major} and run the command again.`);
    const [{ filename }] = JSON.parse(packed.stdout);
    const tarball = join(work, filename);
    if (sha512(tarball) !== PROJECT_NODE.integrity[key]) fail(`${filename} does not match the integrity pinned in scripts/project-node.mjs; not used.`);
    const unpacked = join(work, 'node');
    mkdirSync(unpacked);
    const tar = spawnSync('tar', ['-xzf', tarball, '-C', unpacked, '--strip-components=1'], { stdio: 'inherit' });
    if (tar.status !== 0 || !usable(unpacked)) fail(`could not unpack ${filename}`);
    try {
      renameSync(unpacked, dir);
    } catch (error) {
      // Another run unpacked it at the same time: theirs is as good.
      if (!usable(dir)) throw error;
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return { dir, node: join(dir, 'bin', 'node') };
}

/**
 * The environment a program runs in under the pinned Node: that Node first on PATH (npm, npx and
 * every `#!/usr/bin/env node` tool then run on it) and its headers for node-gyp (npm may be set to
 * build against the machine's own Node headers, which would win otherwise).
 */
export function projectNodeEnv({ dir }, env = process.env) {
  return { ...env, PATH: `${join(dir, 'bin')}${delimiter}${env.PATH ?? ''}`, npm_config_nodedir: dir };
}

/** Runs `args` under `node`, passing signals on, and ends this process as the child ended. */
function runAndExit(node, args, env) {
  const child = spawn(node, args, { stdio: 'inherit', env });
  const forward = (signal) => child.kill(signal);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, forward);
  return new Promise(() => {
    child.on('error', (error) => fail(`could not start ${node}: ${error.message}`));
    child.on('exit', (code, signal) => {
      if (!signal) process.exit(code ?? 1);
      // Ended by a signal: end by the same one, so whoever started this sees what happened.
      for (const name of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.off(name, forward);
      process.kill(process.pid, signal);
      setTimeout(() => process.exit(1), 1000).unref();
    });
  });
}

/**
 * Returns when this process runs on the project's Node; otherwise runs this very script again under
 * it and never returns (this process ends as that one does).
 */
export async function useProjectNode() {
  if (onProjectLine()) return;
  const runtime = ensureProjectNode();
  console.log(`${LABEL}: this is Node ${process.versions.node}; running under the project's Node ${PROJECT_NODE.version} (${runtime.dir}).`);
  await runAndExit(runtime.node, [...process.execArgv, ...process.argv.slice(1)], projectNodeEnv(runtime));
}

async function main() {
  const args = process.argv.slice(2);
  if (args.length === 0) fail('usage: node scripts/project-node.mjs [node flags] FILE [args]');
  if (onProjectLine()) return runAndExit(process.execPath, args, process.env);
  const runtime = ensureProjectNode();
  console.log(`${LABEL}: this is Node ${process.versions.node}; running under the project's Node ${PROJECT_NODE.version}.`);
  return runAndExit(runtime.node, args, projectNodeEnv(runtime));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
