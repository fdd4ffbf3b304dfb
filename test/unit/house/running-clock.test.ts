import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { clockRunningFrom } from '../../../src-main/base/clock';
import { MAX_CLOCK_RATE, runningFrom } from '../../../src-shared/running-clock';
import { heldClock } from '../../support/clock';

const AT = Date.parse('2026-11-24T12:00:00-03:00');

describe('a clock running from a chosen instant', () => {
  it('reads the instant, then runs at the monotonic timer’s pace — or `rate` times faster', () => {
    let timer = 5_000;
    const monotonic = () => timer;
    const real = runningFrom(AT, { monotonic });
    const faster = runningFrom(AT, { rate: 40, monotonic });
    assert.equal(real(), AT);
    assert.equal(faster(), AT);
    timer += 1_500.7;
    assert.equal(real(), AT + 1_500, 'whole milliseconds');
    assert.equal(faster(), AT + 60_028, 'a minute and a half-second of its time in 1.5 s');
  });

  it('refuses a rate under 1, over the most, or not a number', () => {
    for (const rate of [0, 0.5, -2, Number.NaN, Number.POSITIVE_INFINITY, MAX_CLOCK_RATE + 1]) {
      assert.throws(() => runningFrom(AT, { rate }), RangeError, String(rate));
    }
    assert.equal(runningFrom(AT, { rate: MAX_CLOCK_RATE, monotonic: () => 0 })(), AT);
  });

  it("the app's faster clock sleeps as much shorter: a poll's 30 s at 40 times are 750 ms of real time", async (t) => {
    t.mock.timers.enable({ apis: ['setTimeout'] });
    const clock = clockRunningFrom(AT, 40);
    assert.equal(clock.rate, 40);
    let woke = false;
    const sleep = clock.sleep(30_000).then(() => (woke = true));
    t.mock.timers.tick(749);
    await Promise.resolve();
    assert.equal(woke, false);
    t.mock.timers.tick(1);
    await sleep;
    assert.equal(woke, true);
    assert.equal(clockRunningFrom(AT).rate, undefined, 'a clock at real time says no rate');
  });

  it("a test's sandbox clock holds the instant until the terminal's clock starts, then runs at its rate", () => {
    const held = heldClock('2026-11-24T12:00:00-03:00', 40);
    assert.equal(held.now(), AT);
    assert.equal(held.now(), AT, 'held: time does not pass before the start');
    held.start();
    assert.ok(held.now() >= AT);
  });
});
