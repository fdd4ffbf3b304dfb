import type pg from 'pg';
import type { Logger } from '../../base/log';
import type { Leadership, PollerLease } from '../contract';
import { queryRows } from './transaction';

interface LeaseRow {
  token: number;
  holder: string;
  expires_ms: number;
}

/** The lease's expiry as epoch ms, from the database's clock. */
const RETURNING = `RETURNING token, holder, floor(extract(epoch FROM expires_at) * 1000)::bigint AS expires_ms`;

const leadership = (row: LeaseRow | undefined): Leadership | null => (row ? { token: row.token, holder: row.holder, expiresAt: row.expires_ms } : null);

/**
 * The poller's lease in the `leases` table. Expiry is on the database's clock (now()), never a
 * replica's: two replicas whose clocks disagree still agree on who holds it. Every new holder gets a
 * greater token (the fence: ChainOrders.ingest refuses a write under an older one); a holder that
 * takes its own lease back while it still holds it keeps its token.
 */
export class PgPollerLease implements PollerLease {
  constructor(
    private readonly pool: pg.Pool,
    private readonly logger: Logger,
  ) {}

  async acquire(credential: string, holder: string, ttlMs: number): Promise<Leadership | null> {
    // One statement: the insert, or the update of a free, expired or own row, is atomic under the row's lock.
    const rows = await queryRows<LeaseRow>(
      this.pool,
      'taking the poller lease',
      `INSERT INTO leases AS l (credential, holder, token, expires_at)
       VALUES ($1, $2, 1, now() + make_interval(secs => $3::float8 / 1000))
       ON CONFLICT (credential) DO UPDATE SET
         token = CASE WHEN l.holder = excluded.holder AND l.expires_at > now() THEN l.token ELSE l.token + 1 END,
         acquired_at = CASE WHEN l.holder = excluded.holder AND l.expires_at > now() THEN l.acquired_at ELSE now() END,
         holder = excluded.holder,
         expires_at = excluded.expires_at
       WHERE l.expires_at <= now() OR l.holder = excluded.holder
       ${RETURNING}`,
      [credential, holder, ttlMs],
    );
    return leadership(rows[0]);
  }

  /**
   * Extends the hold while the token is still the lease's: a hold that expired but that nobody took
   * meanwhile is still ours (no other holder wrote under a newer token). Null when it was taken, and
   * when the database cannot be reached (the leader steps down either way).
   */
  async renew(credential: string, holder: string, token: number, ttlMs: number): Promise<Leadership | null> {
    try {
      const rows = await queryRows<LeaseRow>(
        this.pool,
        'renewing the poller lease',
        `UPDATE leases SET expires_at = now() + make_interval(secs => $4::float8 / 1000)
         WHERE credential = $1 AND holder = $2 AND token = $3
         ${RETURNING}`,
        [credential, holder, token, ttlMs],
      );
      return leadership(rows[0]);
    } catch (error) {
      this.logger.warn('the poller lease could not be renewed: counted as lost', { credential, error });
      return null;
    }
  }

  async release(credential: string, holder: string, token: number): Promise<void> {
    // Expired at once rather than deleted: the token keeps growing for the next holder.
    await queryRows(
      this.pool,
      'releasing the poller lease',
      `UPDATE leases SET expires_at = now() - interval '1 millisecond' WHERE credential = $1 AND holder = $2 AND token = $3`,
      [credential, holder, token],
    );
  }

  async current(credential: string): Promise<Leadership | null> {
    const rows = await queryRows<LeaseRow>(
      this.pool,
      'reading the poller lease',
      `SELECT token, holder, floor(extract(epoch FROM expires_at) * 1000)::bigint AS expires_ms FROM leases WHERE credential = $1 AND expires_at > now()`,
      [credential],
    );
    return leadership(rows[0]);
  }
}
