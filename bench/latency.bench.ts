/**
 * `npm run bench -- latency`: poll to push. The time from a poll's response arriving (the poller's
 * `polled` step) to the `orders:changed` push leaving the main process (the PushFanout sink a shell
 * forwards to its windows) with the new order's row, over 1,000 orders, through the real poller,
 * event ingest (SQLite file, synchronous=FULL), change feed and PushFanout (contract check included).
 * The API is an in-process fake answering at once, so only the terminal's own work is measured.
 * Baseline: the 20 ms target. Case `single`: one new order per poll (a normal evening); case
 * `burst`: 100 new orders per poll (catching up after an outage).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OrdersChanged } from '../src-shared/ipc/channels/orders';
import { systemClock } from '../src-main/base/clock';
import { PushFanout } from '../src-main/ipc/push-fanout';
import { silentLogger } from '../src-main/base/log';
import { OrdersDb } from '../src-main/db/orders/orders-db';
import type { OrderGateway } from '../src-main/sync/gateway';
import { SyncService } from '../src-main/sync/sync-service';
import type { Benchmark } from './run';

const ORDERS = 1_000;
const TARGET_MS = 20;
const MERCHANT = '4a1f6c2e-8b3d-4e5f-9a70-1c2d3e4f5a61';

class InstantPlatform implements OrderGateway {
  pending: Record<string, unknown>[] = [];
  details = new Map<string, Record<string, unknown>>();

  place(): void {
    const id = randomUUID();
    const createdAt = new Date().toISOString();
    this.details.set(id, {
      id,
      displayId: id.slice(0, 4),
      status: 'PLACED',
      orderType: 'DELIVERY',
      orderTiming: 'IMMEDIATE',
      createdAt,
      merchant: { id: MERCHANT, name: 'Cantina' },
      customer: { id: randomUUID(), name: 'Ana Souza' },
      items: [
        { name: 'Lasanha', quantity: 1, totalPrice: 48.9 },
        { name: 'Suco', quantity: 2, totalPrice: 17 },
      ],
      total: { subTotal: 65.9, deliveryFee: 7, benefits: 0, additionalFees: 0, orderAmount: 72.9 },
      delivery: { mode: 'DEFAULT', deliveredBy: 'MERCHANT', pickupCode: '4321' },
    });
    this.pending.push({ id: randomUUID(), code: 'PLC', fullCode: 'PLACED', orderId: id, merchantId: MERCHANT, createdAt, metadata: {} });
  }

  async poll(limit: number) {
    return this.pending.slice(0, limit);
  }
  async acknowledge(ids: readonly string[]) {
    const acked = new Set(ids);
    this.pending = this.pending.filter((e) => !acked.has(e.id as string));
  }
  async getOrder(id: string) {
    return structuredClone(this.details.get(id) ?? {});
  }
  async act() {}
  async tracking(): Promise<Record<string, unknown>> {
    throw new Error('not used');
  }
  async cancellationReasons() {
    return [];
  }
  async validatePickupCode() {
    return false;
  }
  async verifyDeliveryCode() {
    return false;
  }
  async driverQuote(): Promise<never> {
    throw new Error('not used');
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

async function measure(perPoll: number): Promise<number[]> {
  const dir = mkdtempSync(join(tmpdir(), 'st-bench-latency-'));
  const store = OrdersDb.open(dir);
  const platform = new InstantPlatform();
  let polledAt = 0;
  const sync = new SyncService({
    db: store,
    gateway: platform,
    clock: systemClock,
    logger: silentLogger,
    pollIntervalMs: 30_000,
    probe: (step) => {
      if (step === 'polled') polledAt = performance.now();
    },
  });
  const push = new PushFanout(silentLogger);
  sync.feed.onChange((change) => push.push('orders:changed', change));
  const latencies: number[] = [];
  const seen = new Set<string>();
  push.connect((_event, payload) => {
    const now = performance.now();
    for (const row of (payload as OrdersChanged).rows) {
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      latencies.push(now - polledAt);
    }
  });
  try {
    for (let placed = 0; placed < ORDERS;) {
      for (let i = 0; i < perPoll && placed < ORDERS; i++, placed++) platform.place();
      await sync.poller.round();
    }
    if (latencies.length !== ORDERS) throw new Error(`pushed ${latencies.length} of ${ORDERS} orders`);
    return latencies.sort((a, b) => a - b);
  } finally {
    await sync.stop();
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const benchmark: Benchmark = {
  async run() {
    await measure(10); // warm-up: JIT, statement preparation
    const single = await measure(1);
    const burst = await measure(100);
    const p = (list: number[], q: number) => percentile(list, q);
    console.log(`single: p50 ${p(single, 50).toFixed(2)} ms, p99 ${p(single, 99).toFixed(2)} ms, max ${p(single, 100).toFixed(2)} ms`);
    console.log(`burst of 100: p50 ${p(burst, 50).toFixed(2)} ms, p99 ${p(burst, 99).toFixed(2)} ms`);
    return {
      p99_vs_target: p(single, 99) / TARGET_MS,
      burst_p99_vs_target: p(burst, 99) / TARGET_MS,
      p50: p(single, 50),
      p99: p(single, 99),
      max: p(single, 100),
      burst_p50: p(burst, 50),
      burst_p99: p(burst, 99),
      orders: ORDERS,
      target_ms: TARGET_MS,
    };
  },
};

export default benchmark;
