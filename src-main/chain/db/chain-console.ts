import type pg from 'pg';
import type { BulkStoreResult, ConsoleRole } from '../../../src-shared/console/console-api';
import { EVENT_CODES, type EventName } from '../../../src-shared/wire/events';
import { OPENS_REQUEST } from '../../orders/requests';
import { queryRows } from './transaction';

/** A customer's request's events (disputes, address changes) by short code and full name: the last one says whether it waits for the store. */
const keysOf = (names: readonly EventName[]): string[] => [
  ...names,
  ...Object.entries(EVENT_CODES)
    .filter(([, name]) => names.includes(name))
    .map(([code]) => code),
];
const OPENING_KEYS = keysOf([...OPENS_REQUEST]);
const READY_KEYS = keysOf(['READY_TO_PICKUP']);
/** An order ready this long and still on the shelf is late too: its driver or customer did not come, or it was forgotten. */
export const UNCOLLECTED_MS = 10 * 60_000;
const REQUEST_KEYS = keysOf([...OPENS_REQUEST, 'HANDSHAKE_SETTLEMENT', 'DELIVERY_ADDRESS_CHANGE_ACCEPTED', 'DELIVERY_ADDRESS_CHANGE_DENIED']);

/** An account as sign-in reads it. */
export interface ConsoleAccountRecord {
  login: string;
  name: string;
  role: ConsoleRole;
  passwordHash: string;
  failedCount: number;
  lockedUntilMs: number | null;
}

/** A live session: who, what they may do, and the stores they may see (null: every store). */
export interface ConsoleSession {
  login: string;
  name: string;
  role: ConsoleRole;
  csrfToken: string;
  stores: string[] | null;
}

/** One store's row of the status wall, as the database knows it (the platform's status is the replica's). */
export interface WallRecord {
  storeId: string;
  name: string;
  placed: number;
  confirmed: number;
  ready: number;
  late: number;
  /** Ready for longer than the wall's patience and not yet collected (a driver or a customer late, or an order forgotten on the shelf). */
  uncollected: number;
  /** Customers' requests (disputes, address changes) waiting for the store, and the soonest deadline among them. */
  requests: number;
  requestDueMs: number | null;
  paired: number;
  connected: number;
  lastContactMs: number | null;
  /** Printers out on the store's connected terminals (as they reported them), across the replicas. */
  printersOut: number;
}

export interface ConsoleAuditEntry {
  atMs: number;
  login: string | null;
  action: string;
  stores: readonly string[];
  outcome: string;
  detail?: unknown;
}

const reasonText = (stored: string | null): string | null => {
  if (stored === null) return null;
  try {
    const parsed = JSON.parse(stored) as { message?: unknown };
    return typeof parsed.message === 'string' ? parsed.message : stored;
  } catch {
    return stored;
  }
};

/** The console's accounts, sessions, groups, presence, bulk actions and record, in the chain's PostgreSQL (migration 0007). */
export class PgChainConsole {
  constructor(private readonly pool: pg.Pool) {}

  async account(login: string): Promise<ConsoleAccountRecord | null> {
    const rows = await queryRows<{
      login: string;
      name: string;
      role: ConsoleRole;
      password_hash: string;
      failed_count: number;
      locked_until_ms: string | null;
    }>(
      this.pool,
      'reading a console account',
      'SELECT login, name, role, password_hash, failed_count, locked_until_ms FROM console_accounts WHERE login = $1',
      [login],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      login: row.login,
      name: row.name,
      role: row.role,
      passwordHash: row.password_hash,
      failedCount: row.failed_count,
      lockedUntilMs: row.locked_until_ms === null ? null : Number(row.locked_until_ms),
    };
  }

  /** Counts a wrong password in one statement (replicas agree); the `max`-th locks the account for `lockMs`. */
  async failedSignIn(login: string, now: number, max: number, lockMs: number): Promise<number | null> {
    const rows = await queryRows<{ locked_until_ms: string | null }>(
      this.pool,
      'counting a failed sign-in',
      `UPDATE console_accounts SET
         failed_count = CASE WHEN failed_count + 1 >= $3 THEN 0 ELSE failed_count + 1 END,
         locked_until_ms = CASE WHEN failed_count + 1 >= $3 THEN $2::bigint + $4::bigint ELSE locked_until_ms END
       WHERE login = $1 RETURNING locked_until_ms`,
      [login, now, max, lockMs],
    );
    const locked = rows[0]?.locked_until_ms;
    return locked === null || locked === undefined || Number(locked) <= now ? null : Number(locked);
  }

  async signedIn(login: string): Promise<void> {
    await queryRows(this.pool, 'clearing failed sign-ins', 'UPDATE console_accounts SET failed_count = 0, locked_until_ms = NULL WHERE login = $1', [login]);
  }

  async openSession(session: { tokenSha256: Buffer; login: string; csrfToken: string; now: number; ttlMs: number }): Promise<void> {
    await queryRows(
      this.pool,
      'opening a console session',
      'INSERT INTO console_sessions (token_sha256, login, csrf_token, created_ms, expires_ms) VALUES ($1, $2, $3, $4, $5)',
      [session.tokenSha256, session.login, session.csrfToken, session.now, session.now + session.ttlMs],
    );
    // Expired sessions go as new ones come: the table holds only what may still be used.
    await queryRows(this.pool, 'removing expired console sessions', 'DELETE FROM console_sessions WHERE expires_ms < $1', [session.now]);
  }

  async session(tokenSha256: Buffer, now: number): Promise<ConsoleSession | null> {
    const rows = await queryRows<{ login: string; name: string; role: ConsoleRole; csrf_token: string; stores: string[] | null }>(
      this.pool,
      'reading a console session',
      `SELECT a.login, a.name, a.role, s.csrf_token,
         CASE WHEN a.role = 'area_manager' THEN coalesce((
           SELECT array_agg(DISTINCT gs.store_id) FROM console_account_groups ag JOIN console_group_stores gs ON gs.group_id = ag.group_id
           WHERE ag.login = a.login), '{}') END AS stores
       FROM console_sessions s JOIN console_accounts a ON a.login = s.login
       WHERE s.token_sha256 = $1 AND s.expires_ms > $2`,
      [tokenSha256, now],
    );
    const row = rows[0];
    return row ? { login: row.login, name: row.name, role: row.role, csrfToken: row.csrf_token, stores: row.stores } : null;
  }

  async closeSession(tokenSha256: Buffer): Promise<void> {
    await queryRows(this.pool, 'closing a console session', 'DELETE FROM console_sessions WHERE token_sha256 = $1', [tokenSha256]);
  }

  async record(entry: ConsoleAuditEntry): Promise<void> {
    await queryRows(
      this.pool,
      'recording a console action',
      'INSERT INTO console_audit (at_ms, login, action, store_ids, outcome, detail) VALUES ($1, $2, $3, $4, $5, $6)',
      [entry.atMs, entry.login, entry.action, [...entry.stores], entry.outcome, entry.detail === undefined ? null : JSON.stringify(entry.detail)],
    );
  }

  async recorded(limit: number): Promise<ConsoleAuditEntry[]> {
    const rows = await queryRows<{ at_ms: string; login: string | null; action: string; store_ids: string[]; outcome: string; detail: unknown }>(
      this.pool,
      'reading the console record',
      'SELECT at_ms, login, action, store_ids, outcome, detail FROM console_audit ORDER BY id DESC LIMIT $1',
      [limit],
    );
    return rows.map((r) => ({ atMs: Number(r.at_ms), login: r.login, action: r.action, stores: r.store_ids, outcome: r.outcome, detail: r.detail }));
  }

  /** This replica's connected terminals and their printers out, per store, so any replica's wall counts every replica's. */
  async presence(holder: string, atMs: number, here: { screens: ReadonlyMap<string, number>; printersOut: ReadonlyMap<string, number> }): Promise<void> {
    await queryRows(
      this.pool,
      'writing the replica’s presence',
      `INSERT INTO console_presence (holder, at_ms, screens, printers_out) VALUES ($1, $2, $3, $4)
       ON CONFLICT (holder) DO UPDATE SET at_ms = excluded.at_ms, screens = excluded.screens, printers_out = excluded.printers_out`,
      [holder, atMs, JSON.stringify(Object.fromEntries(here.screens)), JSON.stringify(Object.fromEntries(here.printersOut))],
    );
  }

  /** Every store (or `stores` only), with its open orders by state, its terminals and their last contact; counted in the database. */
  async wall(now: number, presenceSinceMs: number, stores: readonly string[] | null): Promise<WallRecord[]> {
    const rows = await queryRows<{
      id: string;
      name: string;
      placed: number;
      confirmed: number;
      ready: number;
      late: number;
      uncollected: number;
      requests: number;
      request_due: string | null;
      paired: number;
      connected: number;
      last_contact_ms: string | null;
      printers_out: number;
    }>(
      this.pool,
      'reading the status wall',
      `WITH o AS (
         SELECT merchant_id,
           count(*) FILTER (WHERE status = 'PLACED')::int AS placed,
           count(*) FILTER (WHERE status IN ('CONFIRMED', 'PREPARATION_STARTED'))::int AS confirmed,
           count(*) FILTER (WHERE status = 'READY_TO_PICKUP')::int AS ready,
           count(*) FILTER (WHERE status = 'PLACED' AND confirm_deadline_ms < $1)::int AS late
         FROM orders WHERE is_open = 1 GROUP BY merchant_id),
       u AS (
         SELECT o.merchant_id, count(*)::int AS uncollected FROM orders o
         WHERE o.is_open = 1 AND o.status = 'READY_TO_PICKUP'
           AND (SELECT min(e.created_ms) FROM events e WHERE e.order_id = o.id AND (e.code = ANY($7::text[]) OR e.full_code = ANY($7::text[]))) < $6
         GROUP BY o.merchant_id),
       d AS (
         SELECT ds.store_id, count(*)::int AS paired, max(dv.last_contact_ms) AS last_contact_ms
         FROM device_stores ds JOIN devices dv ON dv.id = ds.device_id WHERE dv.revoked_ms IS NULL GROUP BY ds.store_id),
       q AS (
         SELECT DISTINCT ON (e.order_id) o.merchant_id, e.code, e.full_code, e.metadata ->> 'expiresAt' AS expires
         FROM orders o JOIN events e ON e.order_id = o.id
         WHERE o.is_open = 1 AND o.request_ms IS NOT NULL AND (e.code = ANY($4::text[]) OR e.full_code = ANY($4::text[]))
         ORDER BY e.order_id, e.created_ms DESC NULLS LAST, e.received_ms DESC),
       rq AS (
         SELECT merchant_id, count(*)::int AS requests, min(expires) AS request_due
         FROM q WHERE q.code = ANY($5::text[]) OR q.full_code = ANY($5::text[]) GROUP BY merchant_id),
       p AS (
         SELECT e.key AS store_id, sum(e.value::int)::int AS connected
         FROM console_presence cp, jsonb_each_text(cp.screens) e WHERE cp.at_ms >= $2 GROUP BY e.key),
       pr AS (
         SELECT e.key AS store_id, sum(e.value::int)::int AS printers_out
         FROM console_presence cp, jsonb_each_text(cp.printers_out) e WHERE cp.at_ms >= $2 GROUP BY e.key)
       SELECT s.id, coalesce(s.name, s.id) AS name,
         coalesce(o.placed, 0) AS placed, coalesce(o.confirmed, 0) AS confirmed, coalesce(o.ready, 0) AS ready, coalesce(o.late, 0) AS late,
         coalesce(u.uncollected, 0) AS uncollected, coalesce(rq.requests, 0) AS requests, rq.request_due,
         coalesce(d.paired, 0) AS paired, coalesce(p.connected, 0) AS connected, d.last_contact_ms, coalesce(pr.printers_out, 0) AS printers_out
       FROM stores s LEFT JOIN o ON o.merchant_id = s.id LEFT JOIN d ON d.store_id = s.id LEFT JOIN p ON p.store_id = s.id
         LEFT JOIN pr ON pr.store_id = s.id
         LEFT JOIN rq ON rq.merchant_id = s.id LEFT JOIN u ON u.merchant_id = s.id
       WHERE $3::text[] IS NULL OR s.id = ANY($3::text[])
       ORDER BY s.id`,
      [now, presenceSinceMs, stores === null ? null : [...stores], REQUEST_KEYS, OPENING_KEYS, now - UNCOLLECTED_MS, READY_KEYS],
    );
    return rows.map((r) => ({
      storeId: r.id,
      name: r.name,
      placed: r.placed,
      confirmed: r.confirmed,
      ready: r.ready,
      late: r.late,
      uncollected: r.uncollected,
      requests: r.requests,
      requestDueMs: r.request_due === null || !Number.isFinite(Date.parse(r.request_due)) ? null : Date.parse(r.request_due),
      paired: r.paired,
      connected: r.connected,
      lastContactMs: r.last_contact_ms === null ? null : Number(r.last_contact_ms),
      printersOut: r.printers_out,
    }));
  }

  async createBulk(bulk: { id: string; kind: string; login: string; stores: readonly string[] }, now: number): Promise<void> {
    await queryRows(this.pool, 'recording a bulk action', 'INSERT INTO console_bulks (id, kind, login, store_ids, created_ms) VALUES ($1, $2, $3, $4, $5)', [
      bulk.id,
      bulk.kind,
      bulk.login,
      [...bulk.stores],
      now,
    ]);
  }

  /** A store of the bulk action refused before anything was queued for it, with the reason in words. */
  async bulkRefused(id: string, storeId: string, reason: string): Promise<void> {
    await queryRows(
      this.pool,
      'recording a refused store of a bulk action',
      'UPDATE console_bulks SET refused = refused || jsonb_build_object($2::text, $3::text) WHERE id = $1',
      [id, storeId, reason],
    );
  }

  /** A bulk action with each store's part, read from the store outbox by its key (`keyOf`). */
  async bulk(
    id: string,
    keyOf: (bulkId: string, storeId: string) => string,
  ): Promise<{ kind: string; login: string; createdMs: number; stores: BulkStoreResult[] } | null> {
    const rows = await queryRows<{ kind: string; login: string; store_ids: string[]; refused: Record<string, string>; created_ms: string }>(
      this.pool,
      'reading a bulk action',
      'SELECT kind, login, store_ids, refused, created_ms FROM console_bulks WHERE id = $1',
      [id],
    );
    const bulk = rows[0];
    if (!bulk) return null;
    const keys = bulk.store_ids.map((store) => keyOf(id, store));
    const actions = await queryRows<{ idempotency_key: string; state: BulkStoreResult['state']; reason: string | null }>(
      this.pool,
      'reading a bulk action’s stores',
      'SELECT idempotency_key, state, reason FROM store_actions WHERE idempotency_key = ANY($1::text[])',
      [keys],
    );
    const byKey = new Map(actions.map((a) => [a.idempotency_key, a]));
    return {
      kind: bulk.kind,
      login: bulk.login,
      createdMs: Number(bulk.created_ms),
      stores: bulk.store_ids.map((storeId) => {
        const refused = bulk.refused[storeId];
        if (refused !== undefined) return { storeId, state: 'failed' as const, reason: refused };
        const action = byKey.get(keyOf(id, storeId));
        return { storeId, state: action?.state ?? 'queued', reason: reasonText(action?.reason ?? null) };
      }),
    };
  }

  /**
   * The alerts open now (`open`: store and kind): those not yet recorded are written and answered as
   * raised, those recorded and gone are removed and answered as cleared — each by the one replica
   * whose statement did it.
   */
  async alerts(open: readonly { storeId: string; kind: string }[], now: number): Promise<{ raised: AlertKey[]; cleared: AlertKey[] }> {
    const stores = open.map((a) => a.storeId);
    const kinds = open.map((a) => a.kind);
    const raised = await queryRows<{ store_id: string; kind: string }>(
      this.pool,
      'recording raised alerts',
      `INSERT INTO console_alerts (store_id, kind, since_ms) SELECT s, k, $3 FROM unnest($1::text[], $2::text[]) AS x(s, k)
       ON CONFLICT DO NOTHING RETURNING store_id, kind`,
      [stores, kinds, now],
    );
    const cleared = await queryRows<{ store_id: string; kind: string }>(
      this.pool,
      'removing cleared alerts',
      `DELETE FROM console_alerts a WHERE NOT EXISTS (SELECT 1 FROM unnest($1::text[], $2::text[]) AS x(s, k) WHERE x.s = a.store_id AND x.k = a.kind)
       RETURNING store_id, kind`,
      [stores, kinds],
    );
    const key = (r: { store_id: string; kind: string }): AlertKey => ({ storeId: r.store_id, kind: r.kind });
    return { raised: raised.map(key), cleared: cleared.map(key) };
  }
}

export interface AlertKey {
  storeId: string;
  kind: string;
}
