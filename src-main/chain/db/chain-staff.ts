import type pg from 'pg';
import { AppError } from '../../../src-shared/errors';
import type { CostlyAction } from '../../../src-shared/staff/staff-rules';
import type { Presence, StaffConfigRecord, StaffPresence, StaffRecord, StaffStorage, TriesRecord } from '../../db/staff-storage';
import { inTransaction, queryRows } from './transaction';

const PERSON = 'id, name, role, pin_hash, created_ms, removed_ms';

/** A name taken among the store's people (the unique index), in the desk's words: two consoles or terminals adding one at once. */
function nameTaken(error: unknown): never {
  const cause = error instanceof AppError ? error.cause : error;
  if ((cause as { code?: unknown } | null)?.code === '23505') {
    throw new AppError('conflict', 'someone on the team is already called that: staff pick their name from a list', { field: 'name' });
  }
  throw error;
}

/**
 * One store's team in the chain's PostgreSQL (migration 0016): its people, tries, sign-in switch,
 * who works at each of its terminals and the approvals standing. Every statement names the store:
 * a person of another store is no one here, whatever id a terminal sends.
 */
export class PgStaffTeam implements StaffStorage, StaffPresence {
  constructor(
    private readonly pool: pg.Pool,
    readonly storeId: string,
  ) {}

  private rows<R extends pg.QueryResultRow>(doing: string, text: string, values: unknown[]): Promise<R[]> {
    return queryRows<R>(this.pool, doing, text, [this.storeId, ...values]);
  }

  async people(): Promise<StaffRecord[]> {
    return this.rows<StaffRecord>(
      'reading a store’s people',
      `SELECT ${PERSON} FROM chain_staff WHERE store_id = $1 AND removed_ms IS NULL ORDER BY lower(name), id`,
      [],
    );
  }
  async person(id: string): Promise<StaffRecord | undefined> {
    const [row] = await this.rows<StaffRecord>('reading a person', `SELECT ${PERSON} FROM chain_staff WHERE store_id = $1 AND id = $2`, [id]);
    return row;
  }
  async save(r: StaffRecord): Promise<void> {
    // A row of another store is never overwritten: the WHERE leaves it as it is.
    await this.rows(
      'saving a person',
      `INSERT INTO chain_staff (store_id, id, name, role, pin_hash, created_ms, removed_ms) VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, role = EXCLUDED.role, pin_hash = EXCLUDED.pin_hash WHERE chain_staff.store_id = EXCLUDED.store_id`,
      [r.id, r.name, r.role, r.pin_hash, r.created_ms, r.removed_ms],
    ).catch(nameTaken);
  }
  async remove(id: string, at: number): Promise<boolean> {
    const rows = await this.rows(
      'removing a person',
      'UPDATE chain_staff SET removed_ms = $3 WHERE store_id = $1 AND id = $2 AND removed_ms IS NULL RETURNING id',
      [id, at],
    );
    return rows.length > 0;
  }

  /** The keys' rows locked (made first if new, in key order: two tries never wait on each other in a circle), changed, committed. */
  async changeTries(keys: readonly string[], change: (current: ReadonlyMap<string, TriesRecord>) => TriesRecord[]): Promise<void> {
    const sorted = [...new Set(keys)].sort();
    await inTransaction(this.pool, 'counting a PIN try', async (client) => {
      await client.query(
        'INSERT INTO chain_staff_tries (store_id, key, failures, last_failure_ms) SELECT $1, k, 0, 0 FROM unnest($2::text[]) AS k ORDER BY k ON CONFLICT DO NOTHING',
        [this.storeId, sorted],
      );
      const { rows } = await client.query<TriesRecord>(
        'SELECT key, failures, last_failure_ms, locked_until_ms FROM chain_staff_tries WHERE store_id = $1 AND key = ANY($2) ORDER BY key FOR UPDATE',
        [this.storeId, sorted],
      );
      const current = new Map(rows.filter((r) => r.failures > 0 || r.locked_until_ms !== null).map((r) => [r.key, r]));
      for (const r of change(current)) {
        await client.query('UPDATE chain_staff_tries SET failures = $3, last_failure_ms = $4, locked_until_ms = $5 WHERE store_id = $1 AND key = $2', [
          this.storeId,
          r.key,
          r.failures,
          r.last_failure_ms,
          r.locked_until_ms,
        ]);
      }
    });
  }
  async clearTries(keys: readonly string[]): Promise<void> {
    await this.rows('forgiving PIN tries', 'DELETE FROM chain_staff_tries WHERE store_id = $1 AND key = ANY($2)', [[...keys]]);
  }

  async config(): Promise<StaffConfigRecord | undefined> {
    const [row] = await this.rows<{ sign_in: boolean; idle_minutes: number }>(
      'reading a store’s sign-in',
      'SELECT sign_in, idle_minutes FROM chain_staff_config WHERE store_id = $1',
      [],
    );
    return row && { sign_in: row.sign_in ? 1 : 0, idle_minutes: Number(row.idle_minutes) };
  }
  async saveConfig(r: StaffConfigRecord): Promise<void> {
    await this.rows(
      'saving a store’s sign-in',
      `INSERT INTO chain_staff_config (store_id, sign_in, idle_minutes) VALUES ($1, $2, $3)
       ON CONFLICT (store_id) DO UPDATE SET sign_in = EXCLUDED.sign_in, idle_minutes = EXCLUDED.idle_minutes`,
      [r.sign_in === 1, r.idle_minutes],
    );
  }

  async at(device: string): Promise<Presence | undefined> {
    const [row] = await this.rows<{ person_id: string; last_ms: number }>(
      'reading who works at a terminal',
      'SELECT person_id, last_ms FROM chain_staff_presence WHERE store_id = $1 AND device_id = $2',
      [device],
    );
    return row && { personId: row.person_id, lastMs: Number(row.last_ms) };
  }
  async arrive(device: string, personId: string, nowMs: number): Promise<void> {
    await this.rows(
      'signing a person in',
      `INSERT INTO chain_staff_presence (store_id, device_id, person_id, last_ms) VALUES ($1, $2, $3, $4)
       ON CONFLICT (store_id, device_id) DO UPDATE SET person_id = EXCLUDED.person_id, last_ms = EXCLUDED.last_ms`,
      [device, personId, nowMs],
    );
  }
  async leave(device: string): Promise<void> {
    await this.rows('signing a terminal out', 'DELETE FROM chain_staff_presence WHERE store_id = $1 AND device_id = $2', [device]);
  }
  async leaveAll(personId: string): Promise<void> {
    await this.rows('signing a person out everywhere', 'DELETE FROM chain_staff_presence WHERE store_id = $1 AND person_id = $2', [personId]);
  }
  async touch(device: string, nowMs: number): Promise<void> {
    await this.rows(
      'keeping a person at a terminal',
      'UPDATE chain_staff_presence SET last_ms = greatest(last_ms, $3) WHERE store_id = $1 AND device_id = $2',
      [device, nowMs],
    );
  }
  async approve(device: string, action: CostlyAction, personId: string, untilMs: number): Promise<void> {
    await this.rows(
      'keeping a manager’s approval',
      `INSERT INTO chain_staff_approvals (store_id, device_id, action, person_id, until_ms) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (store_id, device_id, action) DO UPDATE SET person_id = EXCLUDED.person_id, until_ms = EXCLUDED.until_ms`,
      [device, action, personId, untilMs],
    );
  }
  /** Taken by one DELETE: two replicas never both use one approval. */
  async takeApproval(device: string, action: CostlyAction): Promise<{ personId: string; untilMs: number } | undefined> {
    const [row] = await this.rows<{ person_id: string; until_ms: number }>(
      'using a manager’s approval',
      'DELETE FROM chain_staff_approvals WHERE store_id = $1 AND device_id = $2 AND action = $3 RETURNING person_id, until_ms',
      [device, action],
    );
    return row && { personId: row.person_id, untilMs: Number(row.until_ms) };
  }
}

/** The chain's teams, one per store. */
export class PgChainStaff {
  constructor(private readonly pool: pg.Pool) {}

  team(storeId: string): PgStaffTeam {
    return new PgStaffTeam(this.pool, storeId);
  }
}
