import { chmodSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Where a window finds its way in: the launch token travels in owner-only files, never on a
 * command line (another local user can read any process's arguments) nor on stdout.
 * - `launch.html` (what the Chromium app window opens, as a file:// URL) sends the window on to the
 *   host with the token in the URL fragment, which never reaches a server log.
 * - `launch-url` holds the same link as text, for a kiosk started with --no-window.
 * Both are rewritten whenever the token changes (after each use, and when an unused one expires).
 */
export const LAUNCH_PAGE = 'launch.html';
export const LAUNCH_URL_FILE = 'launch-url';

export function launchUrl(origin: string, token: string): string {
  return `${origin}/#launch=${token}`;
}

function writeOwnerOnly(path: string, text: string): void {
  const partial = `${path}.${process.pid}.tmp`;
  writeFileSync(partial, text, { mode: 0o600 });
  chmodSync(partial, 0o600);
  renameSync(partial, path);
}

export function writeLaunchFiles(dataDir: string, origin: string, token: string): { page: string; urlFile: string } {
  const url = launchUrl(origin, token);
  const page = join(dataDir, LAUNCH_PAGE);
  const urlFile = join(dataDir, LAUNCH_URL_FILE);
  writeOwnerOnly(
    page,
    `<!doctype html><meta charset="utf-8"><meta name="referrer" content="no-referrer"><title>Store Terminal</title>` +
      `<script>location.replace(${JSON.stringify(url)});</script>`,
  );
  writeOwnerOnly(urlFile, `${url}\n`);
  return { page, urlFile };
}
