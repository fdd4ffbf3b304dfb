import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * better-sqlite3 and keytar are native modules: each build fits one ABI. node_modules holds the
 * build for Node (the web shell, the tests); under Electron the app loads the build for Electron's
 * ABI from native/electron-<abi>/ (`npm run native:electron`) when there is one. A packaged app has
 * node_modules rebuilt for Electron by electron-builder and needs no such folder.
 */

/** The app's folder: out/main/ (bundled) and src-main/base/ (source) both sit two levels below it. */
const APP_ROOT = join(import.meta.dirname, '..', '..');

/** The Electron build of a native module (`better_sqlite3.node`, `keytar.node`) for this runtime, if there is one. */
export function electronNativeBinding(file: string, versions: NodeJS.ProcessVersions = process.versions, root = APP_ROOT): string | undefined {
  if (!versions.electron) return undefined;
  const path = join(root, 'native', `electron-${versions.modules}`, file);
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
