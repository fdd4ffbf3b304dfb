import type pg from 'pg';
import type { TrailReader, TrailRecord, TrailWriter } from '../../db/staff-storage';
import { queryRows } from './transaction';

const LINE =
  'at_ms, person_id, person_name, device_id, device_name, channel, action, order_id, merchant_id, approved_by, outcome, outbox_id, error_code, error_message';

/**
 * The chain's trail (migration 0016): each line under its team's store, appended and never changed
 * (the database's trigger refuses it); read by store, newest first, or by order, oldest first.
 */
export class PgChainTrail {
  constructor(private readonly pool: pg.Pool) {}

  async add(storeId: string, r: TrailRecord): Promise<void> {
    await queryRows(
      this.pool,
      'writing a line of the trail',
      `INSERT INTO chain_action_trail (store_id, ${LINE}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
      [
        storeId,
        r.at_ms,
        r.person_id,
        r.person_name,
        r.device_id,
        r.device_name,
        r.channel,
        r.action,
        r.order_id,
        r.merchant_id,
        r.approved_by,
        r.outcome,
        r.outbox_id,
        r.error_code,
        r.error_message,
      ],
    );
  }

  /** A store's newest lines first. */
  latest(storeId: string, limit: number): Promise<TrailRecord[]> {
    return queryRows<TrailRecord>(
      this.pool,
      'reading a store’s trail',
      `SELECT ${LINE} FROM chain_action_trail WHERE store_id = $1 ORDER BY at_ms DESC, id DESC LIMIT $2`,
      [storeId, limit],
    );
  }

  /** An order's lines, oldest first (whoever checks that the order is the caller's). */
  ofOrder(orderId: string, limit: number): Promise<TrailRecord[]> {
    return queryRows<TrailRecord>(
      this.pool,
      'reading an order’s trail',
      `SELECT ${LINE} FROM chain_action_trail WHERE order_id = $1 ORDER BY at_ms, id LIMIT $2`,
      [orderId, limit],
    );
  }

  /** A store's trail as its team writes and reads it. */
  of(storeId: string): TrailWriter & Pick<TrailReader, 'latest'> {
    return { add: (r) => this.add(storeId, r), latest: (limit) => this.latest(storeId, limit) };
  }
}
