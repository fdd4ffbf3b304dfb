import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ApiError } from '../../../src-main/api/errors';
import { RetryPolicy } from '../../../src-main/api/retry';
import { ManualClock } from '../../../src-main/base/clock';
import { silentLogger } from '../../../src-main/base/log';

describe('retry policy reports each failed attempt as it happens', () => {
  it('tells of the first connection failure before waiting, so the screen can say "offline" at once', async () => {
    const clock = new ManualClock();
    const seen: string[] = [];
    const policy = new RetryPolicy({ clock, logger: silentLogger, random: () => 0.5, onFailure: (route, error) => seen.push(`${route}:${error.code}`) });
    let calls = 0;
    const result = policy.run({ route: 'GET /merchants', idempotent: true }, async () => {
      calls += 1;
      if (calls < 3) throw new ApiError('connection', 'down', { route: 'GET /merchants', retryable: true });
      return 'ok';
    });
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(seen, ['GET /merchants:connection'], 'reported before the 2 s wait');
    await clock.advance(2_000);
    await clock.advance(4_000);
    assert.equal(await result, 'ok');
    assert.equal(seen.length, 2);
  });
});
