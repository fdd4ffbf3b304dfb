import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AppError } from '../../../src-shared/errors';
import type { StoreStatusSnapshot } from '../../../src-shared/ipc/channels/stores';
import type { OperationStatus, StoreListItem } from '../../../src-shared/wire/merchant';
import type { CallOptions } from '../../../src-main/api/client';
import { ManualClock } from '../../../src-main/base/clock';
import { silentLogger } from '../../../src-main/base/log';
import { StoreStatusMonitor, type StatusSource } from '../../../src-main/merchant/status-monitor';
import { summarizeStatus } from '../../../src-main/merchant/status-summary';

const A = '4a1f6c2e-8b3d-4e5f-9a70-1c2d3e4f5a61';
const B = '7b2e9d41-3c5a-4f68-8d1e-2f3a4b5c6d72';

type ValidationState = 'OK' | 'WARNING' | 'CLOSED' | 'ERROR';

function entry(operation: string, state: string, validations: Partial<Record<string, ValidationState>> = {}, salesChannel = 'MARKETPLACE'): OperationStatus {
  return {
    operation,
    salesChannel,
    state,
    available: state === 'OK' || state === 'WARNING',
    validations: Object.entries(validations).map(([code, s]) => ({
      id: `${operation}-${code}`,
      code,
      state: s ?? 'OK',
      message: { title: code, subtitle: null, description: null },
    })),
    message: { title: state, subtitle: null, description: null },
  };
}

const ok = (): OperationStatus[] => [
  entry('DELIVERY', 'OK', { 'is-connected': 'OK', unavailabilities: 'OK' }),
  entry('TAKEOUT', 'OK', { unavailabilities: 'OK' }),
];
const paused = (): OperationStatus[] => [
  entry('DELIVERY', 'CLOSED', { 'is-connected': 'OK', unavailabilities: 'CLOSED' }),
  entry('TAKEOUT', 'CLOSED', { unavailabilities: 'CLOSED' }),
];

/** A merchant module in memory: answers per store, failures and hand-held answers on demand. */
class FakeMerchant implements StatusSource {
  stores: StoreListItem[] = [A, B].map((id, i) => ({ id, name: `Store ${i}`, corporateName: `Corp ${i}` }));
  status = new Map<string, OperationStatus[]>([
    [A, ok()],
    [B, ok()],
  ]);
  calls: { method: 'listStores' | 'getStatus'; id?: string; at: number }[] = [];
  failList = 0;
  failStatus: AppError[] = [];
  /** When set, getStatus waits for the test to release it. */
  held: { id: string; release: (entries: OperationStatus[]) => void; signal?: AbortSignal }[] | undefined;

  constructor(private readonly clock: ManualClock) {}

  async listStores(_query?: unknown, _options?: CallOptions): Promise<StoreListItem[]> {
    this.calls.push({ method: 'listStores', at: this.clock.now() });
    if (this.failList > 0) {
      this.failList--;
      throw new AppError('connection', 'offline');
    }
    return this.stores;
  }

  async getStatus(id: string, options?: CallOptions): Promise<OperationStatus[]> {
    this.calls.push({ method: 'getStatus', id, at: this.clock.now() });
    const failure = this.failStatus.shift();
    if (failure) throw failure;
    if (this.held) {
      const held = this.held;
      return new Promise((resolve, reject) => {
        held.push({ id, release: resolve, ...(options?.signal ? { signal: options.signal } : {}) });
        options?.signal?.addEventListener('abort', () => reject(options.signal?.reason), { once: true });
      });
    }
    return structuredClone(this.status.get(id) ?? []);
  }

  statusCalls(id?: string): number {
    return this.calls.filter((c) => c.method === 'getStatus' && (id === undefined || c.id === id)).length;
  }
}

const settle = async (): Promise<void> => {
  for (let i = 0; i < 10; i++) await new Promise((r) => setImmediate(r));
};

function setup(options: { intervalMs?: number; relistMs?: number } = {}) {
  const clock = new ManualClock();
  const merchant = new FakeMerchant(clock);
  const monitor = new StoreStatusMonitor({ merchant, clock, logger: silentLogger, ...options });
  const pushed: StoreStatusSnapshot[] = [];
  monitor.onChange((s) => pushed.push(s));
  return { clock, merchant, monitor, pushed };
}

describe('store status monitor', () => {
  it('lists the stores, reads each one at once and every 30 s, and tells every read', async () => {
    const { clock, merchant, monitor, pushed } = setup();
    monitor.start();
    await settle();
    assert.deepEqual(
      merchant.calls.map((c) => c.method),
      ['listStores', 'getStatus', 'getStatus'],
    );
    assert.deepEqual(
      pushed.map((p) => [p.merchantId, p.summary, p.error]),
      [
        [A, 'open', null],
        [B, 'open', null],
      ],
    );
    assert.equal(pushed[0]?.checkedAt, new Date(clock.now()).toISOString());
    assert.deepEqual(
      monitor.current().map((s) => s.merchantId),
      [A, B],
    );

    await clock.advance(29_999);
    assert.equal(merchant.statusCalls(), 2, 'nothing before the interval');
    await clock.advance(1);
    await settle();
    assert.equal(merchant.statusCalls(), 4);
    await clock.advance(30_000 * 10);
    await settle();
    // 12 rounds in 5.5 minutes for 2 stores: 24 reads, far below 20000/min; the list once.
    assert.equal(merchant.statusCalls(), 24);
    assert.equal(merchant.calls.filter((c) => c.method === 'listStores').length, 1);
    await monitor.stop();
  });

  it('reads the list again after 10 minutes, dropping a store that is gone', async () => {
    const { clock, merchant, monitor } = setup();
    monitor.start();
    await settle();
    merchant.stores = merchant.stores.slice(0, 1);
    await clock.advance(10 * 60_000);
    await settle();
    assert.equal(merchant.calls.filter((c) => c.method === 'listStores').length, 2);
    assert.deepEqual(
      monitor
        .current()
        .map((s) => s.merchantId)
        .slice(0, 1),
      [A],
    );
    const lastRound = merchant.calls.slice(-1)[0];
    assert.equal(lastRound?.id, A);
    await monitor.stop();
  });

  it('check() reads one store now (after a pause) and the new state is told at once', async () => {
    const { clock, merchant, monitor, pushed } = setup();
    monitor.start();
    await settle();
    merchant.status.set(A, paused());
    const snapshot = await monitor.check(A);
    assert.equal(snapshot.summary, 'paused');
    assert.equal(pushed.at(-1)?.summary, 'paused');
    assert.equal(monitor.snapshot(A)?.summary, 'paused');
    assert.equal(merchant.statusCalls(A), 2);
    assert.equal(clock.now(), Date.parse('2026-11-21T12:00:00Z'), 'no waiting involved');
    await monitor.stop();
  });

  it('a failed read keeps the last entries and says why; the next good read clears the error', async () => {
    const { clock, merchant, monitor, pushed } = setup();
    monitor.start();
    await settle();
    const firstCheck = monitor.snapshot(A)?.checkedAt;
    merchant.failStatus.push(new AppError('server', 'answered 503'));
    await clock.advance(30_000);
    await settle();
    const failed = pushed.find((p) => p.error !== null);
    assert.equal(failed?.merchantId, A);
    assert.equal(failed?.error?.code, 'server');
    assert.equal(failed?.summary, 'open', 'the last known state is kept');
    assert.equal(failed?.entries.length, 2);
    assert.equal(failed?.checkedAt, firstCheck, 'checkedAt stays the last success');
    await clock.advance(30_000);
    await settle();
    assert.equal(monitor.snapshot(A)?.error, null);
    assert.notEqual(monitor.snapshot(A)?.checkedAt, firstCheck);
    await monitor.stop();
  });

  it('a store never read successfully is "unknown" with the reason', async () => {
    const { merchant, monitor } = setup();
    merchant.failStatus.push(new AppError('forbidden', 'answered 403'));
    const snapshot = await monitor.check(B);
    assert.equal(snapshot.summary, 'unknown');
    assert.equal(snapshot.error?.code, 'forbidden');
    assert.equal(snapshot.checkedAt, null);
    assert.deepEqual(snapshot.entries, []);
  });

  it('when the store list cannot be read, tries again after 10 s rather than 30 s', async () => {
    const { clock, merchant, monitor } = setup();
    merchant.failList = 1;
    monitor.start();
    await settle();
    assert.equal(merchant.statusCalls(), 0);
    await clock.advance(10_000);
    await settle();
    assert.equal(merchant.calls.filter((c) => c.method === 'listStores').length, 2);
    assert.equal(merchant.statusCalls(), 2);
    await monitor.stop();
  });

  it('an older read that answers late never overwrites a newer one', async () => {
    const { merchant, monitor } = setup();
    merchant.held = [];
    const older = monitor.check(A);
    const newer = monitor.check(A);
    await settle();
    assert.equal(merchant.held.length, 2);
    merchant.held[1]?.release(paused());
    assert.equal((await newer).summary, 'paused');
    merchant.held[0]?.release(ok());
    assert.equal((await older).summary, 'paused', 'the late answer gives the newer snapshot back');
    assert.equal(monitor.snapshot(A)?.summary, 'paused');
  });

  it('stop() aborts the read in flight and no read follows', async () => {
    const { clock, merchant, monitor, pushed } = setup();
    merchant.held = [];
    monitor.start();
    await settle();
    assert.equal(merchant.held.length, 2);
    await monitor.stop();
    assert.ok(
      merchant.held.every((h) => h.signal?.aborted),
      'reads in flight are aborted',
    );
    assert.equal(pushed.length, 0, 'an aborted read is not told as a failure');
    await clock.advance(120_000);
    await settle();
    assert.equal(merchant.statusCalls(), 2);
    assert.equal(clock.pendingSleeps, 0);
  });
});

describe('store summary from the operations (spec §3.3)', () => {
  it('open only when every configured entry is OK', () => {
    assert.equal(summarizeStatus(ok()), 'open');
    assert.equal(summarizeStatus([...ok(), entry('INDOOR', 'UNAVAILABLE')]), 'open', 'UNAVAILABLE operations are not configured');
  });
  it('warning while orders still come in but something needs a look', () => {
    assert.equal(summarizeStatus([entry('DELIVERY', 'WARNING', { unavailabilities: 'WARNING' }), entry('TAKEOUT', 'OK')]), 'warning');
    assert.equal(summarizeStatus([entry('DELIVERY', 'ERROR', { 'delivery-area': 'ERROR' }), entry('TAKEOUT', 'OK')]), 'warning');
  });
  it('paused when a pause closes the store, even with an error beside it', () => {
    assert.equal(summarizeStatus(paused()), 'paused');
    assert.equal(summarizeStatus([entry('DELIVERY', 'CLOSED', { 'is-connected': 'ERROR', unavailabilities: 'CLOSED' })]), 'paused');
  });
  it('problem when an error closes it; closed outside hours; unavailable; unknown', () => {
    assert.equal(summarizeStatus([entry('DELIVERY', 'ERROR', { 'is-connected': 'ERROR' }), entry('TAKEOUT', 'ERROR')]), 'problem');
    assert.equal(summarizeStatus([entry('DELIVERY', 'CLOSED', { 'opening-hours': 'CLOSED' }), entry('TAKEOUT', 'CLOSED')]), 'closed');
    assert.equal(summarizeStatus([entry('DELIVERY', 'CLOSED', { 'opening-hours': 'CLOSED' }), entry('TAKEOUT', 'ERROR')]), 'problem');
    assert.equal(summarizeStatus([entry('DELIVERY', 'UNAVAILABLE'), entry('INDOOR', 'UNAVAILABLE')]), 'unavailable');
    assert.equal(summarizeStatus([entry('DELIVERY', 'SOMETHING_NEW')]), 'problem', 'an unlisted state is shown as needing a look');
    assert.equal(summarizeStatus([]), 'unknown');
  });
});
