import { isSqliteError, storageError, type Db } from './database';

/**
 * One SQLite file of the terminal: one connection, transactions that commit whole or not at all,
 * and SQLite failures as AppError('storage'). The order database and the store outbox's database
 * are both one of these, each with its repositories as fields.
 */
export abstract class SqliteFile {
  private closed = false;

  protected constructor(
    readonly db: Db,
    readonly file: string,
  ) {}

  get isOpen(): boolean {
    return !this.closed;
  }

  /** Runs `fn` in one write transaction (BEGIN IMMEDIATE): all of it commits, or none of it. */
  write<T>(fn: () => T): T {
    try {
      return this.db.transaction(fn).immediate();
    } catch (error) {
      this.writeFailed();
      throw isSqliteError(error) ? storageError(this.file, error) : error;
    }
  }

  /** Reads outside a transaction, with SQLite failures as AppError('storage'). */
  read<T>(fn: () => T): T {
    try {
      return fn();
    } catch (error) {
      throw isSqliteError(error) ? storageError(this.file, error) : error;
    }
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.db.close();
  }

  /** A write rolled back: what a repository remembered of it is no longer true. */
  protected writeFailed(): void {}
}
