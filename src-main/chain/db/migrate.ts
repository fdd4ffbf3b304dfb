import type pg from 'pg';
import { AppError } from '../../../src-shared/errors';
import { inTransaction } from './transaction';

/** One schema step of the chain's database. Versions only go up; a shipped migration is never edited. */
export interface ChainMigration {
  version: number;
  name: string;
  /** SQL run inside the migration's transaction. */
  up: string;
}

/**
 * The advisory lock every replica takes to migrate (a constant: the chain's database has one schema).
 * Its value is arbitrary; it only has to differ from other users' locks on the same database.
 */
export const MIGRATION_LOCK = 0x5354_4348; // "STCH"

/**
 * Applies every migration above the recorded version, all in one transaction held under
 * `pg_advisory_xact_lock`: two replicas starting together migrate once (the second waits, then finds
 * nothing to do); the schema is either fully at the new version or untouched. A database migrated by
 * a newer server is refused, left as it is.
 */
export async function migrateChain(pool: pg.Pool, migrations: readonly ChainMigration[]): Promise<number> {
  const sorted = [...migrations].sort((a, b) => a.version - b.version);
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i]?.version === sorted[i - 1]?.version) throw new AppError('internal', `two chain migrations claim version ${sorted[i]?.version}`);
  }
  const latest = sorted.at(-1)?.version ?? 0;
  return inTransaction(pool, 'migrating the schema', async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const { rows } = await client.query<{ v: number | null }>('SELECT max(version) AS v FROM schema_migrations');
    const current = rows[0]?.v ?? 0;
    if (current > latest) {
      throw new AppError(
        'storage',
        `The chain's database was migrated by a newer server (schema ${current}, this one knows up to ${latest}). Update the server; the database was left untouched.`,
      );
    }
    for (const migration of sorted.filter((m) => m.version > current)) {
      await client.query(migration.up);
      await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
    }
    return latest;
  });
}

/** The schema version recorded in the database (0 before the first migration). */
export async function chainSchemaVersion(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ t: string | null }>(`SELECT to_regclass('schema_migrations')::text AS t`);
  if (!rows[0]?.t) return 0;
  const version = await pool.query<{ v: number | null }>('SELECT max(version) AS v FROM schema_migrations');
  return version.rows[0]?.v ?? 0;
}
