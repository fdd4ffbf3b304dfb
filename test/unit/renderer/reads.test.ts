import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ErrorInfo } from '../../../src-shared/errors';
import type { IpcResult } from '../../../src-shared/ipc/contract';
import type { StoreActionEntry } from '../../../src-shared/ipc/channels/store-actions';
import { DeliveryOrdersState } from '../../../src-renderer/delivery-orders/delivery-orders-state.svelte';
import { KeyedReads, Read } from '../../../src-renderer/lib/reads.svelte';
import { Now } from '../../../src-renderer/lib/now.svelte';
import { ReviewsState } from '../../../src-renderer/reviews/reviews-state.svelte';
import { fakeBridge } from '../../support/app/fake-bridge';

/** A call the test answers when it likes. */
function pending<T>(): { call: () => Promise<IpcResult<T>>; answer: (result: IpcResult<T>) => void } {
  let answer!: (result: IpcResult<T>) => void;
  const promise = new Promise<IpcResult<T>>((resolve) => (answer = resolve));
  return { call: () => promise, answer };
}
const offline: ErrorInfo = { code: 'connection', message: 'no link' };

describe('the one read helper', () => {
  it('keeps the answer of the read asked last: an older one that comes back later is dropped', async () => {
    const read = new Read();
    const older = pending<string>();
    const newer = pending<string>();
    const first = read.run(older.call);
    const second = read.run(newer.call);
    newer.answer({ ok: true, value: 'store B' });
    assert.equal(await second, 'store B');
    assert.equal(read.loading, false);
    older.answer({ ok: false, error: offline });
    assert.equal(await first, undefined);
    assert.equal(read.error, null, 'the older failure is not shown over the newer answer');
    assert.equal(read.loaded, true);
  });

  it('says it is loading until the newest read answers, and forgets all on reset', async () => {
    const read = new Read();
    const older = pending<number>();
    const newer = pending<number>();
    void read.run(older.call);
    const second = read.run(newer.call);
    older.answer({ ok: true, value: 1 });
    await Promise.resolve();
    assert.equal(read.loading, true);
    newer.answer({ ok: false, error: offline });
    assert.equal(await second, undefined);
    assert.deepEqual([read.loading, read.loaded, read.error?.code], [false, false, 'connection']);
    const out = pending<number>();
    const late = read.run(out.call);
    read.reset();
    out.answer({ ok: true, value: 3 });
    assert.equal(await late, undefined);
    assert.deepEqual([read.loading, read.loaded, read.error], [false, false, null]);
  });

  it('per key: each key keeps its value and its failure, and its newest read', async () => {
    const reads = new KeyedReads<number>();
    const slowA = pending<number>();
    const a1 = reads.load('a', slowA.call, (n) => n);
    assert.equal(reads.loadingOf('a'), true);
    await reads.load(
      'a',
      async () => ({ ok: true, value: 2 }),
      (n) => n * 10,
    );
    await reads.load(
      'b',
      async (): Promise<IpcResult<number>> => ({ ok: false, error: offline }),
      (n) => n,
    );
    slowA.answer({ ok: true, value: 1 });
    await a1;
    assert.equal(reads.of('a'), 20);
    assert.equal(reads.errorOf('b')?.code, 'connection');
    assert.equal(reads.loading, false);
  });
});

describe('screens reach the main process through their state classes', () => {
  it('reviews: a slow summary of the store shown before never lands on the store shown now', async () => {
    const answers: Record<string, ReturnType<typeof pending<never>>> = {};
    const bridge = fakeBridge();
    // Each store's summary waits for the test.
    (bridge as unknown as Record<string, unknown>)['reviews:summary'] = ({ merchantId }: { merchantId: string }) => {
      answers[merchantId] = pending();
      return answers[merchantId].call();
    };
    const reviews = new ReviewsState(bridge, new Now(() => Date.UTC(2026, 0, 5)));
    reviews.show('store-a');
    reviews.show('store-b');
    answers['store-b']!.answer({ ok: true, value: { merchantId: 'store-b', totalReviewsCount: 3 } as never });
    await new Promise((resolve) => setTimeout(resolve, 0));
    answers['store-a']!.answer({ ok: true, value: { merchantId: 'store-a', totalReviewsCount: 9 } as never });
    await new Promise((resolve) => setTimeout(resolve, 0));
    assert.equal((reviews.summary as unknown as { merchantId: string }).merchantId, 'store-b');
    assert.equal(reviews.summaryLoading, false);
  });

  it('delivery-only order: an action done offline says it waits, and is remembered for the pending list', async () => {
    const entry = { id: 7, state: 'queued' } as unknown as StoreActionEntry;
    const bridge = fakeBridge({ 'deliveryOrders:confirmAddress': () => entry });
    const remembered: StoreActionEntry[] = [];
    const order = new DeliveryOrdersState(bridge, { remember: (e) => remembered.push(e) }).order('order-1');
    assert.equal(await order.confirmAddress(), true);
    assert.deepEqual(order.done, { action: 'addressConfirmed', queued: true });
    assert.deepEqual(remembered, [entry]);
    assert.deepEqual(bridge.calls, [{ channel: 'deliveryOrders:confirmAddress', input: { orderId: 'order-1' } }]);
    // A failed call says why, and clears what the last one did.
    assert.equal(await order.cancel(1, 'customer gone'), false);
    assert.equal(order.done, null);
    assert.equal(order.calls.error?.code, 'bad-input');
  });
});
