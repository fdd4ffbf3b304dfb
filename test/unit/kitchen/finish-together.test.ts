import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { finishTogether } from '../../../src-shared/order-rules/finish-together';

const MIN = 60_000;
const START = Date.parse('2026-11-24T15:00:20Z');

describe('finish together: when each item of an order starts', () => {
  it('starts the longest with the order and the others by their difference, all ready within a minute of each other', () => {
    const starts = finishTogether(
      [
        { key: 'burger', targetMs: 12 * MIN },
        { key: 'fries', targetMs: 4 * MIN },
        { key: 'shake', targetMs: 2.5 * MIN },
      ],
      START,
    );
    const byKey = Object.fromEntries(starts.map((s) => [s.key, s]));
    assert.equal(byKey.burger?.startMs, START, 'the longest starts with the order');
    assert.equal(new Date(byKey.fries?.startMs ?? 0).toISOString(), '2026-11-24T15:08:00.000Z', 'fries: 8 minutes later, on the minute');
    const readies = starts.map((s) => s.readyMs);
    assert.ok(Math.max(...readies) - Math.min(...readies) <= MIN, `ready together: ${readies.map((r) => new Date(r).toISOString()).join(', ')}`);
    for (const s of starts.filter((x) => x.key !== 'burger')) assert.equal(s.startMs % MIN, 0, `${s.key} starts on a whole minute`);
  });

  it('never starts an item before the order, and one item starts at once', () => {
    assert.deepEqual(finishTogether([{ key: 'only', targetMs: 7 * MIN }], START), [{ key: 'only', startMs: START, readyMs: START + 7 * MIN }]);
    const nearly = finishTogether(
      [
        { key: 'a', targetMs: 5 * MIN },
        { key: 'b', targetMs: 5 * MIN - 10_000 },
      ],
      START,
    );
    assert.ok(nearly.every((s) => s.startMs >= START));
    assert.deepEqual(finishTogether([], START), []);
  });
});
