import type pg from 'pg';
import type { BoardRow, OrderDetailView } from '../../../src-shared/ipc/channels/orders';
import type { Clock } from '../../base/clock';
import type { Logger } from '../../base/log';
import { detailColumns } from '../../orders/detail-columns';
import { settledByStatus } from '../../orders/outcomes';
import { mergeDetail } from '../../orders/progress';
import type { ChainIngestResult, ChainOrders } from '../contract';
import { boardOf, detailOf, rowsOf } from './board-rows';
import { OrderIngest } from './order-ingest';
import { lockOpenActions, lockProgress, settleActions, writeProgress } from './order-progress';
import { inTransaction, queryRows, storageError } from './transaction';

/** The orders of every store of the credential, in PostgreSQL (see ChainOrders). */
export class PgChainOrders implements ChainOrders {
  private readonly ingestion: OrderIngest;

  constructor(
    private readonly pool: pg.Pool,
    clock: Clock,
    logger: Logger,
  ) {
    this.ingestion = new OrderIngest(pool, clock, logger);
  }

  ingest(events: readonly unknown[], fence: { credential: string; token: number }, polledAt: number): Promise<ChainIngestResult> {
    return this.ingestion.ingest(events, fence, polledAt);
  }

  /**
   * Stores the detail as the platform returned it, merges its columns into the order by the domain's
   * rules (`mergeDetail`: the status only forward), and settles the open actions its status answers,
   * in one transaction. Null for an order the chain has no event of.
   */
  saveDetail(orderId: string, detail: unknown, at: number): Promise<{ storeId: string | null } | null> {
    return inTransaction(this.pool, 'saving an order detail', async (db) => {
      const order = (await lockProgress(db, [orderId])).get(orderId);
      if (!order) return null;
      const d = detailColumns(detail);
      mergeDetail(order, d, at);
      await writeProgress(db, [order], at);
      await db.query(
        `UPDATE orders SET display_id = $2, order_type = $3, order_timing = $4, preparation_start_at = $5, delivered_by = $6, customer_name = $7,
           items_count = $8, total = $9, detail = $10::jsonb, detail_fetched_ms = $11, detail_error = NULL WHERE id = $1`,
        [
          orderId,
          d.displayId,
          d.orderType,
          d.orderTiming,
          d.preparationStartAt,
          d.deliveredBy,
          d.customerName,
          d.itemsCount,
          d.total,
          JSON.stringify(detail),
          at,
        ],
      );
      const settlements = (await lockOpenActions(db, [orderId])).flatMap((a) => {
        const outcome = settledByStatus(a.action, order.status);
        return outcome ? [{ id: a.id, ...outcome, settledBy: 'status' }] : [];
      });
      await settleActions(db, settlements, at);
      return { storeId: order.merchant_id };
    });
  }

  async board(storeIds: readonly string[], closedSince: number): Promise<BoardRow[]> {
    try {
      return await boardOf(this.pool, storeIds, closedSince);
    } catch (error) {
      throw storageError(error, 'reading the board');
    }
  }

  async rows(orderIds: readonly string[], storeIds: readonly string[]): Promise<BoardRow[]> {
    try {
      return await rowsOf(this.pool, orderIds, storeIds);
    } catch (error) {
      throw storageError(error, 'reading board rows');
    }
  }

  /** Read in one transaction (REPEATABLE READ), so the row, the events and the actions agree. */
  detail(orderId: string, storeIds: readonly string[]): Promise<OrderDetailView | null> {
    return inTransaction(this.pool, 'reading an order', async (db) => {
      await db.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY');
      return detailOf(db, orderId, storeIds);
    });
  }

  async storeOf(orderId: string): Promise<string | null> {
    const rows = await queryRows<{ merchant_id: string | null }>(this.pool, "reading an order's store", 'SELECT merchant_id FROM orders WHERE id = $1', [
      orderId,
    ]);
    return rows[0]?.merchant_id ?? null;
  }
}
