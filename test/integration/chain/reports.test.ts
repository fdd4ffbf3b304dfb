import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type pg from 'pg';
import { PgChainReports, splitPeriod } from '../../../src-main/chain/db/chain-reports';
import type { ReportRow } from '../../../src-shared/console/console-api';
import { useChainReplicas, STORE_A, STORE_B } from '../../support/chain/db';
import { TEST_INSTANT_MS } from '../../support/clock';

/**
 * The console's reports on PostgreSQL: order facts rolled up into store-days, and a report read from
 * whole days and the facts of its partial ends giving the figures a plain count of the orders gives —
 * the percentiles between the samples around them, give or take a 10 % bucket — for any period,
 * however it falls on days.
 */

const DAY = 86_400_000;
const DAY0 = Math.floor(TEST_INSTANT_MS / DAY) * DAY;

interface Placed {
  id: string;
  store: string;
  createdMs: number;
  total: number;
  confirmMs: number | null;
  readyMs: number | null;
  cancelCode: string | null;
}

/** Three days of orders in two stores, every 37 minutes, with confirmation and readiness times spread as a kitchen's are. */
function history(): Placed[] {
  const placed: Placed[] = [];
  for (let n = 0, at = DAY0 + 7 * 60_000; at < DAY0 + 3 * DAY; n++, at += 37 * 60_000) {
    const cancelled = n % 11 === 0;
    placed.push({
      id: `order-${n}`,
      store: n % 3 === 0 ? STORE_B : STORE_A,
      createdMs: at,
      total: 10 + (n % 17) * 3.5,
      confirmMs: cancelled ? null : 20_000 + ((n * 7919) % 400) * 1_000,
      readyMs: cancelled ? null : 600_000 + ((n * 104_729) % 1_500) * 1_000,
      cancelCode: cancelled ? (n % 2 === 0 ? 'CONFIRMATION_TIMEOUT' : 'CUSTOMER_GAVE_UP') : null,
    });
  }
  return placed;
}

async function write(pool: pg.Pool, orders: readonly Placed[], updatedMs: number): Promise<void> {
  for (const o of orders) {
    await pool.query(
      `INSERT INTO orders (id, merchant_id, status, status_rank, created_ms, confirm_deadline_ms, total, board_ms, is_open, updated_ms)
       VALUES ($1, $2, 'CONCLUDED', 60, $3, $4, $5, $3, 0, $6)
       ON CONFLICT (id) DO UPDATE SET updated_ms = excluded.updated_ms`,
      [o.id, o.store, o.createdMs, o.createdMs + 480_000, o.total, updatedMs],
    );
    const event = (kind: string, code: string, fullCode: string, after: number | null, metadata: object | null) =>
      after === null
        ? Promise.resolve()
        : pool.query(
            `INSERT INTO events (id, order_id, merchant_id, code, full_code, known, created_ms, metadata, received_ms)
             VALUES ($1, $2, $3, $4, $5, true, $6, $7, $6) ON CONFLICT (id) DO NOTHING`,
            [`${kind}-${o.id}`, o.id, o.store, code, fullCode, o.createdMs + after, metadata],
          );
    await event('c', 'CFM', 'CONFIRMED', o.confirmMs, null);
    await event('r', 'RTP', 'READY_TO_PICKUP', o.readyMs, null);
    await event('x', 'CAN', 'CANCELLED', o.cancelCode === null ? null : 480_000, { cancelCode: o.cancelCode });
  }
}

/**
 * Where a percentile may honestly fall: between the two samples around it (the nearest ranks of
 * percentile_cont and of the histogram's cumulative count), give or take one 10 % bucket.
 */
function percentileRange(values: number[], q: number): [number, number] | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const low = sorted[Math.floor(q * (sorted.length - 1))] ?? 0;
  const high = sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length))] ?? 0;
  return [low * 0.9, high * 1.1];
}

function expectedRow(orders: readonly Placed[], store: string, from: number, to: number) {
  const mine = orders.filter((o) => o.store === store && o.createdMs >= from && o.createdMs < to);
  const by: Record<string, number> = {};
  for (const o of mine) if (o.cancelCode) by[o.cancelCode] = (by[o.cancelCode] ?? 0) + 1;
  return {
    orders: mine.length,
    sales: Math.round(mine.filter((o) => !o.cancelCode).reduce((sum, o) => sum + o.total, 0) * 100) / 100,
    cancelled: mine.filter((o) => o.cancelCode).length,
    // the cancelled ones were never confirmed and went at their deadline: late
    lateShare: mine.length === 0 ? 0 : mine.filter((o) => o.cancelCode || (o.confirmMs ?? 0) > 480_000).length / mine.length,
    cancelledBy: by,
    confirmP50Ms: percentileRange(
      mine.flatMap((o) => (o.confirmMs === null ? [] : [o.confirmMs])),
      0.5,
    ),
    confirmP90Ms: percentileRange(
      mine.flatMap((o) => (o.confirmMs === null ? [] : [o.confirmMs])),
      0.9,
    ),
    readyP50Ms: percentileRange(
      mine.flatMap((o) => (o.readyMs === null ? [] : [o.readyMs])),
      0.5,
    ),
  };
}

function assertRow(actual: ReportRow | undefined, expected: ReturnType<typeof expectedRow>, what: string): void {
  assert.ok(actual, `${what}: a row`);
  const { confirmP50Ms, confirmP90Ms, readyP50Ms, ...counts } = expected;
  assert.deepEqual(
    { orders: actual.orders, sales: actual.sales, cancelled: actual.cancelled, lateShare: actual.lateShare, cancelledBy: actual.cancelledBy },
    counts,
    what,
  );
  for (const [name, exact, read] of [
    ['confirm p50', confirmP50Ms, actual.confirmP50Ms],
    ['confirm p90', confirmP90Ms, actual.confirmP90Ms],
    ['ready p50', readyP50Ms, actual.readyP50Ms],
  ] as const) {
    assert.ok(exact !== null && read !== null, `${what}: ${name} read`);
    assert.ok(read >= exact[0] && read <= exact[1], `${what}: ${name} ${read} ms within ${exact.join('–')} ms`);
  }
}

describe("the console's reports on PostgreSQL", () => {
  const chain = useChainReplicas("the console's reports tests");

  it('splits a period into whole UTC days and the partial days at its ends', () => {
    assert.deepEqual(splitPeriod(DAY0 + 5, DAY0 + 2 * DAY + 7), {
      edges: [DAY0 + 5, DAY0 + DAY, DAY0 + 2 * DAY, DAY0 + 2 * DAY + 7],
      days: [DAY0 + DAY, DAY0 + 2 * DAY],
    });
    assert.deepEqual(splitPeriod(DAY0, DAY0 + DAY), { edges: [DAY0, DAY0, DAY0 + DAY, DAY0 + DAY], days: [DAY0, DAY0 + DAY] });
    assert.deepEqual(splitPeriod(DAY0 + 5, DAY0 + 9), { edges: [DAY0 + 5, DAY0 + 9, DAY0 + 9, DAY0 + 9], days: [0, 0] }, 'within one day: the facts only');
  });

  it('gives the figures of a plain count for periods of whole days, partial days and less than a day', async (t) => {
    if (!chain.cluster) return t.skip('no PostgreSQL');
    const orders = history();
    await write(chain.replicaA, orders, TEST_INSTANT_MS);
    const reports = new PgChainReports(chain.replicaA);
    assert.equal(await reports.rollUp(), orders.length);
    const days = await chain.replicaA.query<{ n: number }>('SELECT count(*)::int AS n FROM store_day_figures');
    assert.equal(days.rows[0]?.n, 6, 'two stores, three days');

    const periods: [string, number, number][] = [
      ['three whole days', DAY0, DAY0 + 3 * DAY],
      ['partial ends around a whole day', DAY0 + 5 * 3_600_000, DAY0 + 2 * DAY + 7 * 3_600_000 + 11],
      ['less than a day, across midnight', DAY0 + DAY - 4 * 3_600_000, DAY0 + DAY + 3 * 3_600_000],
    ];
    for (const [what, from, to] of periods) {
      const rows = await reports.report(from, to, null);
      for (const store of [STORE_A, STORE_B])
        assertRow(
          rows.find((r) => r.storeId === store),
          expectedRow(orders, store, from, to),
          `${what}, ${store}`,
        );
      const onlyB = await reports.report(from, to, [STORE_B]);
      assert.deepEqual(
        onlyB.map((r) => r.storeId),
        [STORE_B],
        `${what}: the stores asked only`,
      );
    }
  });

  it('moves a store-day when its orders change, and a round done again writes the same', async (t) => {
    if (!chain.cluster) return t.skip('no PostgreSQL');
    const reports = new PgChainReports(chain.replicaB);
    const before = await reports.report(DAY0, DAY0 + 3 * DAY, null);
    await reports.rollUp();
    assert.deepEqual(await reports.report(DAY0, DAY0 + 3 * DAY, null), before, 'rolled up again: the same report');

    // A late order of day 2 in store B, confirmed after its deadline: counted in its day, late.
    const late: Placed = {
      id: 'late-one',
      store: STORE_B,
      createdMs: DAY0 + DAY + 3_600_000,
      total: 40,
      confirmMs: 600_000,
      readyMs: 1_200_000,
      cancelCode: null,
    };
    await write(chain.replicaA, [late], TEST_INSTANT_MS + 60_000);
    await reports.rollUp();
    const day2 = (await reports.report(DAY0 + DAY, DAY0 + 2 * DAY, [STORE_B]))[0];
    const all = [...history(), late];
    assertRow(day2, expectedRow(all, STORE_B, DAY0 + DAY, DAY0 + 2 * DAY), 'day 2 of store B with the late order');
  });
});
