import type { Statement } from 'better-sqlite3';
import type { Db } from '../database';

/** Small facts the sync layer keeps across restarts (last successful poll, ...). */
export class SyncStateRepo {
  private readonly getStmt: Statement<[string], { value: string }>;
  private readonly setStmt: Statement<[string, string]>;

  constructor(db: Db) {
    this.getStmt = db.prepare('SELECT value FROM sync_state WHERE key = ?');
    this.setStmt = db.prepare('INSERT INTO sync_state (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value');
  }

  get(key: string): string | undefined {
    return this.getStmt.get(key)?.value;
  }

  set(key: string, value: string): void {
    this.setStmt.run(key, value);
  }
}

export const LAST_POLL_AT = 'lastPollAt';
