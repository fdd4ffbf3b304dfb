import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ManualClock } from '../../../src-main/base/clock';
import { chainConnectivity, ChainPlatformLink } from '../../../src-main/chain/platform-link';
import type { Connectivity } from '../../../src-shared/ipc/contract';
import { storageDown } from '../../support/chain/fakes';
import { silentLogger } from '../../support/sync/fakes';

const T0 = Date.parse('2026-11-24T15:00:00.000Z');
const iso = (ms: number): string => new Date(ms).toISOString();

describe("a chain's link to the platform, as its terminals are told it", () => {
  it('says it as a single terminal does: online under 30 s since the last poll, offline past it, connecting at first', () => {
    const facts = { now: T0, lastPollAt: T0 - 5_000, startedAt: T0 - 60_000, databaseTrouble: null };
    assert.deepEqual(chainConnectivity(facts), { state: 'online', reason: null, lastPollAt: iso(T0 - 5_000), lastSuccessAt: iso(T0 - 5_000) });
    const late = chainConnectivity({ ...facts, lastPollAt: T0 - 30_000 });
    assert.equal(late.state, 'offline');
    assert.equal(late.reason?.reason, 'NoReplicaPolling');
    assert.equal(late.lastPollAt, iso(T0 - 30_000), 'the last good poll stays shown');
    assert.equal(chainConnectivity({ ...facts, lastPollAt: null, startedAt: T0 - 10_000 }).state, 'connecting');
    assert.equal(chainConnectivity({ ...facts, lastPollAt: null }).state, 'offline', 'never polled, 30 s after the start');
  });

  it("says the server's own database trouble: degraded while the stores were polled lately, offline past 30 s", () => {
    const trouble = { code: 'server' as const, message: 'down', reason: 'ServerStorage' };
    const facts = { now: T0, lastPollAt: T0 - 5_000, startedAt: T0 - 60_000, databaseTrouble: trouble };
    assert.deepEqual(chainConnectivity(facts).state, 'degraded');
    assert.deepEqual(chainConnectivity(facts).reason, trouble);
    assert.equal(chainConnectivity({ ...facts, lastPollAt: T0 - 31_000 }).state, 'offline');
  });

  it('reads the chain’s last poll (whichever replica made it), tells every change and every new poll, and the database failing', async () => {
    const clock = new ManualClock(T0);
    let lastPoll: number | null = null;
    let failing = false;
    const link = new ChainPlatformLink({
      lastPollAt: async () => {
        if (failing) throw storageDown();
        return lastPoll;
      },
      clock,
      logger: silentLogger,
    });
    const told: Connectivity[] = [];
    link.onChange((c) => told.push(c));
    await link.check();
    assert.equal(link.current.state, 'connecting');
    assert.equal(told.length, 0, 'nothing new');

    lastPoll = T0 - 1_000; // another replica polled
    await link.check();
    assert.equal(link.current.state, 'online');
    assert.equal(told.at(-1)?.lastPollAt, iso(T0 - 1_000));
    await link.check();
    assert.equal(told.length, 1, 'the same poll is not news');

    await clock.advance(5_000);
    link.polled(clock.now()); // this replica polled
    assert.equal(told.length, 2, 'each new poll is told (the top bar shows it)');
    assert.equal(told.at(-1)?.lastPollAt, iso(T0 + 5_000));

    failing = true;
    await link.check();
    assert.equal(link.current.state, 'degraded');
    assert.equal(link.current.reason?.code, 'server');
    assert.equal(link.current.reason?.reason, 'ServerStorage');
    assert.equal(link.current.lastPollAt, iso(T0 + 5_000));

    await clock.advance(30_000);
    await link.check();
    assert.equal(link.current.state, 'offline', 'no poll for 30 s: the platform shows the stores closed');

    failing = false;
    await link.check();
    assert.equal(link.current.reason?.reason, 'NoReplicaPolling', 'the database back, still no poll');
    link.polled(clock.now());
    assert.equal(link.current.state, 'online');
    assert.deepEqual(
      told.map((c) => c.state),
      ['online', 'online', 'degraded', 'offline', 'offline', 'online'],
    );
  });
});
