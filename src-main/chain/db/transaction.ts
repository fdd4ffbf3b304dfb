import type pg from 'pg';
import { AppError } from '../../../src-shared/errors';

export type Queryable = Pick<pg.PoolClient, 'query'>;

/** SQLSTATE classes that are about the database, not the request: connection, resources, operator, system. */
const STORAGE_CLASSES = ['08', '53', '57', '58', 'XX', 'F0', 'HV'];

/** A driver error as the app's error: `storage` for the database's own failures; AppErrors pass as they are. */
export function storageError(error: unknown, doing: string): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  const detail = typeof code === 'string' ? ` (${code})` : '';
  return new AppError('storage', `The chain's database failed while ${doing}${detail}: ${(error as Error)?.message ?? String(error)}`, { cause: error });
}

/**
 * Whether a failure is the database's (or the link's, or a lost lease) rather than one batch's data:
 * no retry row by row gets around it. Data errors (SQLSTATE 22, 23: a value PostgreSQL cannot hold,
 * like a NUL character in text) are not.
 */
export function isDatabaseDown(error: unknown): boolean {
  if (error instanceof AppError && error.code !== 'storage') return true;
  const cause: unknown = error instanceof AppError ? error.cause : error;
  const code = (cause as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return true;
  if (/^[A-Z_]+$/.test(code)) return true; // node's own: ECONNREFUSED, ETIMEDOUT, ...
  return STORAGE_CLASSES.some((c) => code.startsWith(c)) || code.startsWith('40');
}

/**
 * Runs `work` in one transaction on a connection of its own, and always gives the connection back:
 * committed when `work` resolves, rolled back when it throws (the error passes through). A
 * connection that failed is destroyed rather than returned to the pool.
 */
export async function inTransaction<T>(pool: pg.Pool, doing: string, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch (error) {
    throw storageError(error, doing);
  }
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch((rollbackError: Error) => {
      broken = rollbackError;
    });
    throw error instanceof AppError ? error : storageError(error, doing);
  } finally {
    client.release(broken);
  }
}

/** One statement outside a transaction, its failure as a `storage` error. */
export async function queryRows<R extends pg.QueryResultRow>(db: pg.Pool | Queryable, doing: string, text: string, values: unknown[] = []): Promise<R[]> {
  try {
    return (await db.query<R>(text, values)).rows;
  } catch (error) {
    throw storageError(error, doing);
  }
}
