import { readdirSync } from 'node:fs';
import { join, sep } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createStream, type RotatingFileStream } from 'rotating-file-stream';
import { makePrivate, PRIVATE_FILE_MODE } from './private-folder';

/**
 * The log a support person reads: the same structured lines as stderr (already redacted by the
 * logger), also kept in the data folder's `logs/`, owner-only, in a few files of bounded size.
 * Rotation is rotating-file-stream's classic logrotate scheme: `store-terminal.log` is written,
 * and when it passes the size it becomes `.log.1`, the older ones move up, the oldest goes.
 */
export const LOG_FOLDER = 'logs';
export const LOG_FILE = 'store-terminal.log';

export interface LogFileLimits {
  /** How many files are kept, the one being written included. */
  files: number;
  /** A file is rotated once it reaches this size. */
  bytesPerFile: number;
}

export const DEFAULT_LOG_LIMITS: LogFileLimits = { files: 5, bytesPerFile: 5 * 1024 * 1024 };

/**
 * Lines waiting for a slow disk beyond this are dropped (and counted) rather than held in memory:
 * the terminal must keep polling whatever its disk does.
 */
const MAX_PENDING_BYTES = 4 * 1024 * 1024;

export interface LogFile {
  readonly dir: string;
  write(line: string): void;
  /** Writes what is pending and closes the file. */
  close(): Promise<void>;
}

/** How long closing may wait for the disk: a stuck disk must not keep the terminal from stopping. */
const CLOSE_WAIT_MS = 2_000;

const ROTATED_FILE = new RegExp(`^${LOG_FILE.replaceAll('.', '\\.')}\\.\\d+$`);

/** The log folder of a data folder. */
export function logFolder(dataDir: string): string {
  return join(dataDir, LOG_FOLDER);
}

/** The log files of a folder, newest first (`store-terminal.log`, `.log.1`, `.log.2`, ...). */
export function logFilesNewestFirst(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const rank = (name: string): number => (name === LOG_FILE ? 0 : Number(name.slice(LOG_FILE.length + 1)));
  return names
    .filter((name) => name === LOG_FILE || ROTATED_FILE.test(name))
    .sort((a, b) => rank(a) - rank(b))
    .map((name) => join(dir, name));
}

/**
 * Opens the rotating log of a data folder: the folder 0700, every file 0600 (a folder loosened by
 * a copy or a backup restore is tightened first). A file that cannot be written is said once
 * through `onError`, and the terminal goes on logging to stderr only.
 */
export function openLogFile(dataDir: string, options: { limits?: LogFileLimits; onError?: (error: Error) => void; platform?: NodeJS.Platform } = {}): LogFile {
  const limits = options.limits ?? DEFAULT_LOG_LIMITS;
  const dir = logFolder(dataDir);
  makePrivate(dir, options.platform);
  const stream: RotatingFileStream = createStream(LOG_FILE, {
    path: `${dir}${sep}`,
    size: `${limits.bytesPerFile}B`,
    rotate: limits.files - 1,
    mode: PRIVATE_FILE_MODE,
  });
  let broken = false;
  let dropped = 0;
  stream.on('error', (error) => {
    if (broken) return;
    broken = true;
    options.onError?.(error);
  });
  let closed = false;
  const finished = new Promise<void>((resolve) =>
    stream.once('close', () => {
      closed = true;
      resolve();
    }),
  );
  return {
    dir,
    write(line) {
      if (broken || stream.writableEnded) return;
      if (stream.writableLength > MAX_PENDING_BYTES) {
        dropped++;
        return;
      }
      if (dropped > 0) {
        stream.write(`${JSON.stringify({ level: 'warn', msg: 'log lines dropped: the disk was too slow', dropped })}\n`);
        dropped = 0;
      }
      stream.write(`${line}\n`);
    },
    async close() {
      if (closed) return;
      if (!stream.writableEnded) stream.end();
      await Promise.race([finished, sleep(CLOSE_WAIT_MS, undefined, { ref: false })]);
    },
  };
}

/**
 * Where the logger's lines go: stderr from the start, and the log files too once the data folder is
 * known (it comes from the configuration, which is read after the logger exists).
 */
export class LogOutput {
  private file: LogFile | undefined;

  constructor(private readonly stderr: (line: string) => void = (line) => process.stderr.write(`${line}\n`)) {}

  readonly write = (line: string): void => {
    this.stderr(line);
    this.file?.write(line);
  };

  /** Also writes to the data folder's log files; a folder that cannot be made is said on stderr, never fatal. */
  toFiles(dataDir: string, limits?: LogFileLimits): void {
    const report = (error: Error): void =>
      this.stderr(
        JSON.stringify({ level: 'error', msg: 'the log files cannot be written: logging to stderr only', dir: logFolder(dataDir), error: error.message }),
      );
    try {
      this.file = openLogFile(dataDir, { ...(limits ? { limits } : {}), onError: report });
    } catch (error) {
      report(error as Error);
    }
  }

  async close(): Promise<void> {
    const file = this.file;
    this.file = undefined;
    await file?.close();
  }
}
