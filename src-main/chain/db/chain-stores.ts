import type pg from 'pg';
import type { StoreListItem } from '../../../src-shared/wire/merchant';
import type { ChainStores } from '../contract';
import { queryRows } from './transaction';

/** The credential's stores and the last committed poll, in PostgreSQL (see ChainStores). */
export class PgChainStores implements ChainStores {
  constructor(private readonly pool: pg.Pool) {}

  async name(stores: readonly StoreListItem[]): Promise<void> {
    if (stores.length === 0) return;
    await queryRows(
      this.pool,
      'naming the stores',
      `INSERT INTO stores (id, name, corporate_name)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[])
       ON CONFLICT (id) DO UPDATE SET name = excluded.name, corporate_name = excluded.corporate_name`,
      [stores.map((s) => s.id), stores.map((s) => s.name), stores.map((s) => s.corporateName)],
    );
  }

  async list(storeIds: readonly string[]): Promise<StoreListItem[]> {
    const rows = await queryRows<{ id: string; name: string | null; corporate_name: string | null }>(
      this.pool,
      'reading the stores',
      'SELECT id, name, corporate_name FROM stores WHERE id = ANY($1::text[])',
      [[...storeIds]],
    );
    const known = new Map(rows.map((r) => [r.id, r]));
    return storeIds.map((id) => {
      const row = known.get(id);
      return { id, name: row?.name ?? id, corporateName: row?.corporate_name ?? row?.name ?? id };
    });
  }

  async lastPollAt(credential: string): Promise<number | null> {
    const rows = await queryRows<{ polled_ms: number }>(this.pool, 'reading the last poll', 'SELECT polled_ms FROM polls WHERE credential = $1', [credential]);
    return rows[0]?.polled_ms ?? null;
  }
}
