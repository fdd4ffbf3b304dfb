import type Database from 'better-sqlite3';
import { AppError } from '../../src-shared/errors';

/** One schema step. Versions only go up; a shipped migration is never edited. */
export interface Migration {
  version: number;
  name: string;
  up(db: Database.Database): void;
}

export function schemaVersion(db: Database.Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

export function latestVersion(migrations: readonly Migration[]): number {
  return migrations.reduce((max, m) => Math.max(max, m.version), 0);
}

/**
 * Applies every migration above the database's `user_version`, all in one transaction: the schema
 * is either fully at the new version or untouched. A database written by a newer app is refused.
 */
export function migrate(db: Database.Database, migrations: readonly Migration[], file = 'database'): number {
  const sorted = [...migrations].sort((a, b) => a.version - b.version);
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i]?.version === sorted[i - 1]?.version) throw new AppError('internal', `two migrations claim version ${sorted[i]?.version}`);
  }
  const latest = latestVersion(sorted);
  const current = schemaVersion(db);
  if (current > latest) {
    throw new AppError(
      'storage',
      `The database ${file} was written by a newer version of Store Terminal (schema ${current}, this app knows up to ${latest}). Update the app; the database was left untouched.`,
    );
  }
  const pending = sorted.filter((m) => m.version > current);
  if (pending.length === 0) return current;
  db.transaction(() => {
    for (const migration of pending) {
      migration.up(db);
      // user_version is part of the database header, so it commits or rolls back with the rest.
      db.pragma(`user_version = ${migration.version}`);
    }
  }).immediate();
  return latest;
}
