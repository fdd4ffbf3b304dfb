import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, describe, it } from 'node:test';
import { ManualClock } from '../../../src-main/base/clock';
import { boardSql, RECENT_CLOSED_LIMIT, RECENT_CLOSED_WINDOW_MS, type BoardScope } from '../../../src-main/db/orders/board-query';
import { EventIngest } from '../../../src-main/sync/ingest';
import { MERCHANT, memoryStore, silentLogger } from '../../support/sync/fakes';

const T0 = Date.parse('2026-11-21T12:00:00Z');
const OTHER = 'e5d41f63-5e7c-4b8a-8f30-4b5c6d7e8f94';
const PARAMS = { merchant: MERCHANT, since: T0, limit: RECENT_CLOSED_LIMIT };

const planned = memoryStore();
after(() => planned.close());

/** How SQLite reads the orders table (`o`) itself, the subqueries per row aside, and whether it sorts them. */
function ordersPlan(scope: BoardScope, read: keyof ReturnType<typeof boardSql>): string[] {
  const plan = planned.db.prepare<Record<string, unknown>, { parent: number; detail: string }>(`EXPLAIN QUERY PLAN ${boardSql(scope)[read]}`).all(PARAMS);
  return plan.filter((step) => step.parent === 0 && /^(SCAN|SEARCH) o\b|TEMP B-TREE/.test(step.detail)).map((step) => step.detail);
}

describe('board query plans (100,000 orders must not be read to show 300)', () => {
  it("reads one store's open and recently closed orders, and counts them, from that store's indexes", () => {
    assert.deepEqual(ordersPlan('one-store', 'open'), ['SEARCH o USING INDEX orders_open_by_store (merchant_id=?)']);
    assert.deepEqual(ordersPlan('one-store', 'closed'), ['SEARCH o USING INDEX orders_closed_by_store (merchant_id=? AND closed_ms>?)']);
    assert.deepEqual(ordersPlan('one-store', 'closedCount'), ['SEARCH o USING COVERING INDEX orders_closed_by_store (merchant_id=? AND closed_ms>?)']);
  });

  it("reads every store's from the open and recently closed indexes, in the board's order, without a sort", () => {
    assert.deepEqual(ordersPlan('all-stores', 'open'), ['SCAN o USING INDEX orders_open_board']);
    assert.deepEqual(ordersPlan('all-stores', 'closed'), ['SEARCH o USING INDEX orders_recent_closed (closed_ms>?)']);
    assert.deepEqual(ordersPlan('all-stores', 'closedCount'), ['SEARCH o USING COVERING INDEX orders_recent_closed (closed_ms>?)']);
  });
});

describe('board scopes', () => {
  it('shows each store its own orders and says how many closed ones it left out, per store or for all', (t) => {
    const store = memoryStore();
    t.after(() => store.close());
    const clock = new ManualClock(T0);
    const ingest = new EventIngest(store, clock, silentLogger);
    const lifeOf = (merchantId: string, closed: boolean) => {
      const orderId = randomUUID();
      const event = (code: string, fullCode: string) => ({
        id: randomUUID(),
        code,
        fullCode,
        orderId,
        merchantId,
        createdAt: new Date(T0).toISOString(),
        metadata: {},
      });
      return closed ? [event('PLC', 'PLACED'), event('CON', 'CONCLUDED')] : [event('PLC', 'PLACED')];
    };
    ingest.apply([
      ...Array.from({ length: RECENT_CLOSED_LIMIT + 10 }, () => lifeOf(MERCHANT, true)).flat(),
      ...Array.from({ length: 5 }, () => lifeOf(OTHER, true)).flat(),
      ...lifeOf(MERCHANT, false),
      ...lifeOf(OTHER, false),
    ]);
    const now = T0 + 3600_000;
    const mine = store.board.board({ now, merchantId: MERCHANT });
    assert.equal(mine.rows.length, 1 + RECENT_CLOSED_LIMIT);
    assert.ok(mine.rows.every((r) => r.merchantId === MERCHANT));
    assert.equal(mine.closedLeftOut, 10);
    const other = store.board.board({ now, merchantId: OTHER });
    assert.deepEqual([other.rows.length, other.closedLeftOut, other.rows.every((r) => r.merchantId === OTHER)], [1 + 5, 0, true]);
    const all = store.board.board({ now });
    assert.deepEqual([all.rows.length, all.closedLeftOut], [2 + RECENT_CLOSED_LIMIT, 15]);
    const later = store.board.board({ now: T0 + RECENT_CLOSED_WINDOW_MS + 1, merchantId: MERCHANT });
    assert.deepEqual([later.rows.length, later.closedLeftOut], [1, 0], 'closed orders leave the board after the window');
  });
});
