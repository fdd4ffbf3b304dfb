import pg from 'pg';
import type { Logger } from '../../base/log';

/** How long one statement may run before PostgreSQL cancels it: a stuck query must not hold a replica's work (or its lease) forever. */
export const STATEMENT_TIMEOUT_MS = 10_000;

/**
 * Type parsers of the chain's pools: int8 (bigint: epoch ms, ids, fencing tokens) read as numbers.
 * Every such value stays far below 2^53. Set per pool, never on the driver's global table.
 */
const types = new pg.TypeOverrides();
types.setTypeParser(pg.types.builtins.INT8, (text: string) => Number(text));

export interface ChainPoolOptions {
  /** postgres://user:password@host:port/db (the secret comes from the environment, never a flag). */
  url: string;
  /** Shown in pg_stat_activity: which replica, and which of its connections (the pool or the listener). */
  applicationName: string;
  logger: Logger;
  max?: number;
  statementTimeoutMs?: number;
}

/** The URL as it may be logged: the password replaced, and nothing at all when it does not parse. */
export function describeDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(a database URL that does not parse)';
  }
}

/** The connection settings every chain connection uses (the pool's and the bus's own listener). */
export function connectionConfig(options: ChainPoolOptions): pg.ClientConfig {
  return {
    connectionString: options.url,
    application_name: options.applicationName,
    statement_timeout: options.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS,
    // A transaction left open by a replica that froze would block the lease and the claims.
    idle_in_transaction_session_timeout: 60_000,
    connectionTimeoutMillis: 5_000,
    keepAlive: true,
    types,
  };
}

/**
 * A replica's pool of connections to the chain's database. A connection that dies while idle is
 * logged (without the URL) and replaced by the pool on the next query; it never crashes the process.
 */
export function openChainPool(options: ChainPoolOptions): pg.Pool {
  const pool = new pg.Pool({ ...connectionConfig(options), max: options.max ?? 10, idleTimeoutMillis: 30_000 });
  pool.on('error', (error) =>
    options.logger.warn('an idle database connection failed', { error: { message: error.message, code: (error as { code?: unknown }).code } }),
  );
  return pool;
}
