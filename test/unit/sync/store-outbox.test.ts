import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AppError } from '../../../src-shared/errors';
import { ManualClock } from '../../../src-main/base/clock';
import { StoreOutboxDb } from '../../../src-main/db/store-outbox/store-outbox-db';
import { StoreOutbox } from '../../../src-main/sync/store-outbox';
import { silentLogger } from '../../support/sync/fakes';

const STORE = '4a1f6c2e-8b3d-4e5f-9a70-1c2d3e4f5a61';

/** A platform with pauses, that can be offline or lose the answer of a request it applied. */
function platform() {
  const pauses: { id: string; description: string }[] = [];
  const state = { offline: false, loseNextAnswer: false, calls: 0 };
  return {
    pauses,
    state,
    sender: {
      send: async (_merchantId: string, payload: Record<string, unknown>) => {
        state.calls++;
        if (state.offline) throw new AppError('connection', 'no route to host');
        if (pauses.some((p) => p.description === payload.description)) throw new AppError('conflict', 'overlaps');
        const pause = { id: `p${pauses.length + 1}`, description: String(payload.description) };
        pauses.push(pause);
        if (state.loseNextAnswer) {
          state.loseNextAnswer = false;
          throw new AppError('connection', 'connection reset after the request was applied');
        }
        return pause;
      },
      alreadyDone: async (_merchantId: string, payload: Record<string, unknown>) => {
        const found = pauses.find((p) => p.description === payload.description);
        return found ? { result: found } : undefined;
      },
    },
  };
}

function setup() {
  const clock = new ManualClock();
  const queue = new StoreOutbox({ db: StoreOutboxDb.open(':memory:'), clock, logger: silentLogger, random: () => 0.5 });
  const p = platform();
  queue.register({ pause: p.sender });
  const tick = () => queue.tick(new AbortController().signal);
  return { clock, queue, p, tick };
}

describe('store outbox', () => {
  it("online: done at once with the platform's answer", async () => {
    const { queue, p } = setup();
    const entry = await queue.submit({ merchantId: STORE, kind: 'pause', payload: { description: 'Cozinha cheia' } });
    assert.equal(entry.state, 'done');
    assert.deepEqual(entry.result, { id: 'p1', description: 'Cozinha cheia' });
    assert.equal(entry.waited, false);
    assert.equal(p.state.calls, 1);
  });

  it('offline: queued, retried with backoff, sent once when the platform answers', async () => {
    const { clock, queue, p, tick } = setup();
    p.state.offline = true;
    const entry = await queue.submit({ merchantId: STORE, kind: 'pause', payload: { description: 'Sem gás' } });
    assert.equal(entry.state, 'queued');
    assert.equal(entry.waited, true);
    assert.equal(entry.reason?.code, 'connection');
    await tick();
    assert.equal(p.state.calls, 1, 'not due before its backoff');
    clock.advance(3_000);
    await tick();
    assert.equal(p.state.calls, 2);
    p.state.offline = false;
    clock.advance(10_000);
    await tick();
    assert.equal((await queue.list(STORE))[0]?.state, 'done');
    assert.equal(p.pauses.length, 1);
  });

  it('a lost answer: the resend finds the pause made and makes no second one', async () => {
    const { clock, queue, p, tick } = setup();
    p.state.loseNextAnswer = true;
    const entry = await queue.submit({ merchantId: STORE, kind: 'pause', payload: { description: 'Falta entregador' } });
    assert.equal(entry.state, 'queued');
    clock.advance(5_000);
    await tick();
    assert.equal((await queue.list(STORE))[0]?.state, 'done');
    assert.equal(p.pauses.length, 1, 'one pause on the platform');
    assert.equal(p.state.calls, 1, 'the resend looked instead of sending');
  });

  it("a refusal ends it with the reason; a store's actions go out in order; a queued one can be withdrawn", async () => {
    const { clock, queue, p, tick } = setup();
    await queue.submit({ merchantId: STORE, kind: 'pause', payload: { description: 'A' } });
    const clash = await queue.submit({ merchantId: STORE, kind: 'pause', payload: { description: 'A' } });
    assert.equal(clash.state, 'failed');
    assert.equal(clash.reason?.code, 'conflict');

    p.state.offline = true;
    const first = await queue.submit({ merchantId: STORE, kind: 'pause', payload: { description: 'B' } });
    const heard: number[] = [];
    const stopHearing = queue.onChange((entry) => heard.push(entry.id));
    const second = await queue.submit({ merchantId: STORE, kind: 'pause', payload: { description: 'C' } });
    stopHearing();
    assert.equal(second.attempts, 0, 'waits behind the first, untried');
    assert.ok(heard.includes(second.id), 'the screens hear it waits');
    assert.equal((await queue.cancel(first.id)).state, 'cancelled');
    await assert.rejects(() => queue.cancel(first.id), /already ended/);
    p.state.offline = false;
    clock.advance(60_000);
    await tick();
    assert.deepEqual(
      p.pauses.map((x) => x.description),
      ['A', 'C'],
      'the withdrawn one never left',
    );
  });
});
