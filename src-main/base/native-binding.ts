import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * better-sqlite3 is a native module built against one runtime's ABI. node_modules holds the build
 * for the Node that installed it (the web shell, the tests). Another runtime loads its own build from
 * native/<runtime>-<abi>/ when there is one: Electron's (`npm run native:electron`) and a second
 * Node's (`npm run test:node24` builds Node 24's there), so one node_modules serves them all. keytar
 * needs none of this: it is a Node-API module, one build for every runtime. A packaged app has
 * node_modules rebuilt for Electron by electron-builder and needs no such folder.
 */

/**
 * The app's folder: the nearest one holding package.json above `from`. This module runs from
 * src-main/base/ (source), out/main/chunks/ (bundled: a chunk both entries share) and app.asar's
 * out/main/chunks/ (packaged), so no fixed number of levels fits them all.
 */
export function appRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) return from;
  }
}

const APP_ROOT = appRoot(import.meta.dirname);

/** The folder under native/ that holds builds for this runtime's ABI: `electron-150`, `node-137`. */
export function nativeFolder(versions: NodeJS.ProcessVersions = process.versions): string {
  return `${versions.electron ? 'electron' : 'node'}-${versions.modules}`;
}

/**
 * This runtime's own build of a native module (`better_sqlite3.node`) from native/<runtime>-<abi>/,
 * if there is one; undefined means node_modules' build.
 */
export function runtimeNativeBinding(file: string, versions: NodeJS.ProcessVersions = process.versions, root = APP_ROOT): string | undefined {
  const path = join(root, 'native', nativeFolder(versions), file);
  return existsSync(path) ? path : undefined;
}

const ABI_MISMATCH = /NODE_MODULE_VERSION (\d+)[\s\S]*?NODE_MODULE_VERSION (\d+)/;

/**
 * The one line a native module built for another runtime gives instead of a stack trace: which
 * module, which ABIs, and the command that fixes it. Undefined for any other failure.
 */
export function nativeModuleProblem(moduleName: string, error: unknown, versions: NodeJS.ProcessVersions = process.versions): string | undefined {
  const match = ABI_MISMATCH.exec(error instanceof Error ? error.message : String(error));
  if (!match) return undefined;
  const runtime = versions.electron ? `Electron ${versions.electron}` : `Node.js ${versions.node}`;
  const fix = versions.electron ? 'npm run native:electron' : `npm rebuild ${moduleName}`;
  return `${moduleName} was built for another runtime (NODE_MODULE_VERSION ${match[1]}); ${runtime} needs NODE_MODULE_VERSION ${match[2]}. Fix: ${fix}`;
}
