import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { ManualClock } from '../../../src-main/base/clock';
import { DEMO_RESTAURANT_ID } from '../../../src-sandbox/index';
import { connectApi, type ConnectedApi } from '../../support/app/api-client';
import { withSandbox } from '../../support/sandbox/sandbox';
import { TEST_INSTANT_MS } from '../../support/clock';

type Sandbox = Awaited<ReturnType<typeof withSandbox>>;
const MINUTE = 60_000;

/**
 * The app never exceeds a documented limit (spec §8), against the sandbox enforcing the real ones.
 * The client's clock is manual and the sandbox's is advanced in step with it, so ten minutes of
 * traffic run in a few seconds.
 */
describe("client ↔ sandbox with the real limits: 10x a limit's worth of calls, zero 429s", () => {
  let sandbox: Sandbox;
  let api: ConnectedApi;
  let clock: ManualClock;
  before(async () => {
    sandbox = await withSandbox();
    clock = new ManualClock(TEST_INSTANT_MS);
    api = await connectApi(sandbox.url, { clock });
  });
  after(async () => {
    await api.close();
    await sandbox.close();
  });

  /** Real time for the requests out; then both clocks move on. */
  async function runUntil(done: () => boolean, stepMs: number): Promise<number> {
    let steps = 0;
    while (!done()) {
      assert.ok(steps++ < 400, 'the burst should be through by now');
      // Let everything the limiter let out come back before time moves.
      for (let idle = 0; idle < 3;) {
        const inFlight = api.inFlight();
        await delay(inFlight > 0 ? 5 : 2);
        idle = inFlight === 0 ? idle + 1 : 0;
      }
      if (done()) break;
      await sandbox.http.send('POST', '/_sandbox/clock', { json: { advanceSeconds: stepMs / 1000 } });
      await clock.advance(stepMs);
    }
    return steps;
  }

  it('fires 1000 GET /merchants (limit 100/min): spread over ten minutes, never refused', async () => {
    const start = clock.now();
    let finished = 0;
    const calls = Array.from({ length: 1000 }, () => api.merchant.listStores().then(() => finished++));
    await runUntil(() => finished === 1000, 5_000);
    await Promise.all(calls);

    const answers = api.answers.filter((a) => a.route === 'GET /merchants');
    assert.equal(answers.length, 1000, 'each call sent exactly once: nothing refused, nothing retried');
    assert.deepEqual([...new Set(answers.map((a) => a.status))], [200]);
    assert.equal(api.answers.filter((a) => a.status === 429).length, 0);
    const perMinute = new Map<number, number>();
    for (const a of answers) {
      const minute = Math.floor((a.at - start) / MINUTE);
      perMinute.set(minute, (perMinute.get(minute) ?? 0) + 1);
    }
    assert.ok(perMinute.size >= 10, `spread over ${perMinute.size} minutes`);
    assert.ok(
      [...perMinute.values()].every((n) => n <= 100),
      `at most 100 a minute: ${[...perMinute.values()].join(',')}`,
    );
  });

  it('a burst of 3000 interruption reads and writes (100 and 200 a minute) stays under both limits', async () => {
    api.answers.length = 0;
    const start = clock.now();
    let finished = 0;
    const reads = Array.from({ length: 1000 }, () => api.merchant.listInterruptions(DEMO_RESTAURANT_ID).then(() => finished++));
    const status = Array.from({ length: 2000 }, () => api.merchant.getStatus(DEMO_RESTAURANT_ID).then(() => finished++));
    await runUntil(() => finished === 3000, 5_000);
    await Promise.all([...reads, ...status]);
    assert.equal(api.answers.filter((a) => a.status === 429).length, 0);
    const interruptions = api.answers.filter((a) => a.route === 'GET /merchants/{merchantId}/interruptions');
    assert.equal(interruptions.length, 1000);
    assert.ok((interruptions.at(-1)?.at ?? 0) - start >= 9 * MINUTE, 'the 100/min route took its ten minutes');
    const statusAnswers = api.answers.filter((a) => a.route === 'GET /merchants/{merchantId}/status');
    assert.ok((statusAnswers.at(-1)?.at ?? Infinity) - start < MINUTE, 'the 20000/min route was not held back by the other');
  });
});
