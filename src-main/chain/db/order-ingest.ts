import type pg from 'pg';
import { AppError } from '../../../src-shared/errors';
import type { Clock } from '../../base/clock';
import type { Logger } from '../../base/log';
import { storeBatchOrEach } from '../../orders/batch-fallback';
import { applyEvents, batchProgress, freshEvents, readBatch, type ParsedEvent } from '../../orders/polled-events';
import type { ChainIngestResult } from '../contract';
import { lockOpenActions, lockProgress, settleActions, writeProgress, type OpenActionRow } from './order-progress';
import { inTransaction, isDatabaseDown, type Queryable } from './transaction';

type Fence = { credential: string; token: number };
type BatchResult = Omit<ChainIngestResult, 'eventIds'>;

/**
 * A polled batch into the chain's database, by the terminal's own steps (src-main/orders/polled-events.ts,
 * which src-main/sync/ingest.ts runs on SQLite): events read leniently and deduplicated by id, sorted
 * by time, each order moved forward only, the outbox actions the events answer settled, unknown
 * events kept and counted. One transaction, fenced: it first takes the lease row FOR SHARE and goes
 * on only while `token` is the lease's, so a takeover (which updates that row) waits for this commit,
 * and a write under an older token is refused with nothing written. A value PostgreSQL cannot hold
 * (a NUL character in an id, say) must not hold back the others: the batch then goes one event per
 * transaction (src-main/orders/batch-fallback.ts), the failures left unacknowledged. `now` is the
 * app's clock (injected), as on a terminal.
 */
export class OrderIngest {
  constructor(
    private readonly pool: pg.Pool,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  async ingest(raw: readonly unknown[], fence: Fence, polledAt: number): Promise<ChainIngestResult> {
    const { parsed, rejected } = readBatch(raw);
    if (rejected > 0) this.logger.warn('events without an id were skipped', { count: rejected });
    const eventIds = [...new Set(parsed.map((p) => p.event.id))];
    const { results, failed } = await storeBatchOrEach(parsed, {
      store: (events) => this.fenced(fence, polledAt, (db) => this.applyBatch(db, events)),
      isFatal: isDatabaseDown,
      logger: this.logger,
    });
    const total: BatchResult = { stored: 0, duplicates: 0, changed: [], needDetail: [] };
    for (const r of results) {
      total.stored += r.stored;
      total.duplicates += r.duplicates;
      total.changed.push(...r.changed.filter((c) => !total.changed.some((t) => t.orderId === c.orderId)));
      total.needDetail.push(...r.needDetail.filter((id) => !total.needDetail.includes(id)));
    }
    return { eventIds: failed.length === 0 ? eventIds : eventIds.filter((id) => !failed.includes(id)), ...total };
  }

  private fenced(fence: Fence, polledAt: number, work: (db: Queryable) => Promise<BatchResult>): Promise<BatchResult> {
    return inTransaction(this.pool, 'storing polled events', async (db) => {
      const { rows } = await db.query<{ token: number }>('SELECT token FROM leases WHERE credential = $1 FOR SHARE', [fence.credential]);
      if (rows[0]?.token !== fence.token) {
        throw new AppError('conflict', `the poller lease of this credential is no longer held under token ${fence.token}: nothing was written`);
      }
      const result = await work(db);
      await db.query(
        `INSERT INTO polls (credential, polled_ms, token) VALUES ($1, $2, $3)
         ON CONFLICT (credential) DO UPDATE SET polled_ms = greatest(polls.polled_ms, excluded.polled_ms), token = excluded.token`,
        [fence.credential, polledAt, fence.token],
      );
      return result;
    });
  }

  private async applyBatch(db: Queryable, batch: readonly ParsedEvent[]): Promise<BatchResult> {
    const now = this.clock.now();
    const ids = batch.map((p) => p.event.id);
    const storedBefore = new Set((await db.query<{ id: string }>('SELECT id FROM events WHERE id = ANY($1::text[])', [ids])).rows.map((r) => r.id));
    const { fresh, orderIds } = freshEvents(batch, storedBefore);
    const state = batchProgress(await lockProgress(db, [...orderIds]));
    const open = new Map<string, OpenActionRow[]>();
    for (const action of await lockOpenActions(db, [...orderIds])) open.set(action.order_id, [...(open.get(action.order_id) ?? []), action]);
    const settlements = applyEvents(fresh, state, now, open);

    const moved = [...state.progress.values()];
    await writeProgress(db, moved, now);
    await insertEvents(db, fresh, now);
    await settleActions(db, settlements, now);
    return {
      stored: fresh.length,
      duplicates: batch.length - fresh.length,
      changed: moved.map((o) => ({ orderId: o.id, storeId: o.merchant_id })),
      needDetail: moved.filter((o) => o.detail_state === 'missing' || o.detail_state === 'stale').map((o) => o.id),
    };
  }
}

/** The new events in one statement; every one of them must be new (the lookup ran under the same lease fence). */
async function insertEvents(db: Queryable, fresh: readonly ParsedEvent[], now: number): Promise<void> {
  if (fresh.length === 0) return;
  const rows = fresh.map(({ event, name, ms }) => {
    const code = event.code ?? event.fullCode ?? '';
    return {
      id: event.id,
      order_id: event.orderId ?? null,
      merchant_id: event.merchantId ?? null,
      code,
      full_code: event.fullCode ?? code,
      known: name !== undefined,
      created_at: event.createdAt ?? null,
      created_ms: ms,
      metadata: event.metadata ?? null,
    };
  });
  const result = await db.query(
    `INSERT INTO events (id, order_id, merchant_id, code, full_code, known, created_at, created_ms, metadata, received_ms)
     SELECT id, order_id, merchant_id, code, full_code, known, created_at, created_ms, metadata, $2::bigint
     FROM jsonb_to_recordset($1::jsonb) AS x(id text, order_id text, merchant_id text, code text, full_code text, known boolean, created_at text, created_ms bigint, metadata jsonb)
     ON CONFLICT (id) DO NOTHING`,
    [JSON.stringify(rows), now],
  );
  // Cannot happen under the fence; if it did, an order was moved by an event counted twice: undo it all.
  if (result.rowCount !== fresh.length) throw new AppError('storage', "an event was stored by someone else during this poll's transaction");
}
