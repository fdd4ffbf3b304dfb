import type pg from 'pg';
import type { StoreBusyMode } from '../../../src-shared/console/console-api';
import { queryRows } from './transaction';

/** Busy mode off: what a store without a row has. */
export const BUSY_MODE_OFF: StoreBusyMode = { on: false, minutes: 15 };

/** Each store's busy mode in the chain's PostgreSQL (migration 0015): read by every replica's busy mode, written by the console. */
export class PgStoreBusyMode {
  constructor(private readonly pool: pg.Pool) {}

  /** Among these stores, those with busy mode on, each with its pause's minutes. */
  async minutes(stores: readonly string[]): Promise<Map<string, number>> {
    const rows = await queryRows<{ store_id: string; minutes: number }>(
      this.pool,
      'reading the stores’ busy mode',
      'SELECT store_id, minutes FROM store_busy_mode WHERE on_ AND store_id = ANY($1)',
      [[...stores]],
    );
    return new Map(rows.map((r) => [r.store_id, Number(r.minutes)]));
  }

  async read(storeId: string): Promise<StoreBusyMode> {
    const rows = await queryRows<{ on_: boolean; minutes: number }>(
      this.pool,
      'reading a store’s busy mode',
      'SELECT on_, minutes FROM store_busy_mode WHERE store_id = $1',
      [storeId],
    );
    const [row] = rows;
    return row ? { on: row.on_, minutes: Number(row.minutes) } : BUSY_MODE_OFF;
  }

  async write(storeId: string, mode: StoreBusyMode, login: string, now: number): Promise<void> {
    await queryRows(
      this.pool,
      'writing a store’s busy mode',
      `INSERT INTO store_busy_mode (store_id, on_, minutes, changed_by, changed_ms) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (store_id) DO UPDATE SET on_ = EXCLUDED.on_, minutes = EXCLUDED.minutes, changed_by = EXCLUDED.changed_by, changed_ms = EXCLUDED.changed_ms`,
      [storeId, mode.on, mode.minutes, login, now],
    );
  }
}
