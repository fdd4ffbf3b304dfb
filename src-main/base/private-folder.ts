import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The data folder holds customers' names, phones, addresses and pickup codes: only its owner reads it. */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Creates the folder owner-only, and tightens what is already there (a folder made by an older
 * version, restored from a backup or copied by hand): folders 0700, files 0600. Symbolic links are
 * left alone (their mode is not theirs to change). Windows keeps its own ACLs: nothing to do there.
 */
export function makePrivate(dir: string, platform: NodeJS.Platform = process.platform): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  if (platform === 'win32') return;
  tighten(dir, true);
}

function tighten(path: string, isDir: boolean): void {
  const wanted = isDir ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE;
  const { mode } = lstatSync(path);
  if ((mode & 0o777) !== wanted) chmodSync(path, wanted);
  if (!isDir) return;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.isSymbolicLink()) continue;
    tighten(join(path, entry.name), entry.isDirectory());
  }
}

/**
 * Everything this process creates from now on is owner-only (the database, its WAL and SHM, kept
 * PDFs, the print queue), whatever the library that creates it asks for.
 */
export function ownerOnlyFromNowOn(platform: NodeJS.Platform = process.platform): void {
  if (platform !== 'win32') process.umask(0o077);
}
