import { closeSync, existsSync, fstatSync, openSync, readSync } from 'node:fs';
import { arch, release } from 'node:os';
import { basename, join } from 'node:path';
import { logFilesNewestFirst, logFolder } from '../base/log-file';
import { DATABASE_FILE, openDatabase, type Db } from '../db/database';
import { outboxCountsByState } from '../db/orders/outbox-repo';
import { printJobCountsByState } from '../db/print-queue-repo';
import { storeActionCountsByState } from '../db/store-outbox/store-actions-repo';
import { STORE_OUTBOX_FILE } from '../db/store-outbox/store-outbox-db';
import { LAST_POLL_AT, SyncStateRepo } from '../db/orders/sync-state-repo';
import { TrailRepo, trailEntry } from '../db/orders/trail-repo';
import type { GatheredReport } from './report';

/** What the disk and the process say, each read on its own: one that fails leaves the others. */

type Unavailable = { unavailable: string };
type Counts = Record<string, number> | Unavailable;

function unavailable(error: unknown): Unavailable {
  return { unavailable: error instanceof Error ? error.message : String(error) };
}

/** The last `want` bytes of a file; whole lines only (a line cut at the start is dropped). */
function tail(path: string, want: number): { lines: string[]; bytes: number } {
  const fd = openSync(path, 'r');
  try {
    const { size } = fstatSync(fd);
    const length = Math.min(size, want);
    const buffer = Buffer.alloc(length);
    readSync(fd, buffer, 0, length, size - length);
    const lines = buffer.toString('utf8').split('\n');
    if (length < size) lines.shift();
    return { lines: lines.filter((l) => l.trim() !== ''), bytes: size };
  } finally {
    closeSync(fd);
  }
}

/**
 * The most recent log lines, oldest first: the newest files first until `maxBytes` are read (the
 * report then keeps as many as its size allows).
 */
export function recentLogLines(dataDir: string, maxBytes: number): GatheredReport['logs'] {
  const folder = logFolder(dataDir);
  const files: { name: string; bytes: number }[] = [];
  const chunks: string[][] = [];
  let left = maxBytes;
  for (const path of logFilesNewestFirst(folder)) {
    try {
      const read = tail(path, left);
      files.push({ name: basename(path), bytes: read.bytes });
      if (left > 0) chunks.unshift(read.lines);
      left -= Math.min(left, read.bytes);
    } catch {
      // rotated away while being read: its lines are in the next file or gone
    }
  }
  return { folder, files, lines: chunks.flat() };
}

/** Opens a database read-only for one look (the app's own connection keeps writing: WAL lets both). */
function look<T>(file: string, read: (db: Db) => T): T | Unavailable {
  if (!existsSync(file)) return { unavailable: `${basename(file)} does not exist yet` };
  try {
    const db = openDatabase({ file, readonly: true });
    try {
      return read(db);
    } finally {
      db.close();
    }
  } catch (error) {
    return unavailable(error);
  }
}

/** The queues' states (order outbox, store outbox, print queue) and the last poll the database kept. */
export function queueStates(accountDir: string): { queues: GatheredReport['queues']; lastPollAtSaved: string | null } {
  const orders = join(accountDir, DATABASE_FILE);
  const orderOutbox: Counts = look(orders, outboxCountsByState);
  const printQueue: Counts = look(orders, printJobCountsByState);
  const storeOutbox: Counts = look(join(accountDir, STORE_OUTBOX_FILE), storeActionCountsByState);
  const saved = look(orders, (db) => new SyncStateRepo(db).get(LAST_POLL_AT) ?? null);
  return { queues: { orderOutbox, storeOutbox, printQueue }, lastPollAtSaved: typeof saved === 'string' ? saved : null };
}

/** The trail's latest lines, newest first (a database from before the trail has none to give). */
export function latestTrail(accountDir: string, limit: number): GatheredReport['trail'] {
  return look(join(accountDir, DATABASE_FILE), (db) => new TrailRepo(db).latest(limit).map(trailEntry));
}

/** Versions of the runtime this main process runs on, and the machine's. */
export function runtimeFacts(
  versions: NodeJS.ProcessVersions = process.versions,
  platform: NodeJS.Platform = process.platform,
): { versions: Omit<GatheredReport['versions'], 'app' | 'window'>; os: GatheredReport['os'] } {
  return {
    versions: { node: versions.node, electron: versions.electron ?? null, chromium: versions.chrome ?? null },
    os: { platform, release: release(), arch: arch(), timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone },
  };
}

/** The names of the STORE_TERMINAL_* variables set (never their values: one may be a secret's path or worse). */
export function terminalVariables(env: NodeJS.ProcessEnv): string[] {
  return Object.keys(env)
    .filter((name) => name.startsWith('STORE_TERMINAL_') && env[name] !== undefined)
    .sort();
}
