/**
 * The oldest Node that runs the main process outside Electron (the web shell, the chain server):
 * better-sqlite3 13 crashes on older ones (a segmentation fault at the first database opened) and
 * undici 8 fails as it loads. The project is built and tested on Node 24 LTS, the Node line of
 * Electron 45's main process; package.json's `engines` says the same minimum.
 */
export const OLDEST_NODE = '22.19.0';

function parts(version: string): number[] {
  return version.split('.').map((part) => Number.parseInt(part, 10) || 0);
}

/** True when `version` (say `24.21.0`) is at or above `minimum`. */
export function nodeAtLeast(version: string, minimum: string = OLDEST_NODE): boolean {
  const have = parts(version);
  const need = parts(minimum);
  for (let i = 0; i < need.length; i += 1) {
    const diff = (have[i] ?? 0) - (need[i] ?? 0);
    if (diff !== 0) return diff > 0;
  }
  return true;
}

/** One line when this Node cannot run the terminal or the server, saying what to do; undefined when it can. */
export function nodeRuntimeProblem(version: string = process.versions.node): string | undefined {
  if (nodeAtLeast(version)) return undefined;
  return `this is Node.js ${version}; Store Terminal runs on Node.js 24 LTS (${OLDEST_NODE} at the least). Install Node.js 24, or start it with npm start / npm run server, which fetch it.`;
}
