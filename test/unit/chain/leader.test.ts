import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ManualClock } from '../../../src-main/base/clock';
import { Leader, type LeaderState, type Term } from '../../../src-main/chain/leader';
import { FakeLease, storageDown } from '../../support/chain/fakes';
import { advance, silentLogger } from '../../support/sync/fakes';

function setup(holder = 'replica-a', lease?: FakeLease, clock = new ManualClock()) {
  const shared = lease ?? new FakeLease(clock);
  const terms: Term[] = [];
  const states: LeaderState[] = [];
  const leader = new Leader({
    lease: shared,
    credential: 'chain',
    holder,
    clock,
    logger: silentLogger,
    ttlMs: 9_000,
    retryMs: 3_000,
    lead: (term) => {
      terms.push(term);
      return new Promise((resolve) => term.signal.addEventListener('abort', () => resolve(), { once: true }));
    },
    onChange: (state) => states.push(state),
  });
  return { clock, lease: shared, leader, terms, states };
}

describe('chain leader', () => {
  it('takes a free lease, renews it every third of its lifetime, and releases it on a clean stop', async () => {
    const { clock, lease, leader, terms, states } = setup();
    leader.start();
    await advance(clock, 0);
    assert.equal(terms.length, 1);
    assert.deepEqual(states.at(-1), { role: 'leader', holder: 'replica-a', token: 1 });
    await advance(clock, 3_000);
    await advance(clock, 3_000);
    assert.deepEqual(lease.calls.filter((c) => c.startsWith('renew')).length, 2);
    assert.equal(terms[0]!.signal.aborted, false);
    await leader.stop();
    assert.equal(terms[0]!.signal.aborted, true);
    assert.ok(lease.calls.includes('release replica-a'));
    assert.equal(await lease.current(), null, 'released: another replica takes it at once');
    assert.deepEqual(states.at(-1), { role: 'stopped' });
  });

  it('stays a follower while another replica holds the lease, and takes over once it expires', async () => {
    const { clock, lease, leader, terms, states } = setup('replica-b');
    // replica-a took the lease, then died without a word (SIGKILL): no renewal, no release.
    await lease.acquire('chain', 'replica-a', 9_000);
    leader.start();
    await advance(clock, 0);
    assert.equal(terms.length, 0);
    assert.deepEqual(states.at(-1), { role: 'follower', holder: 'replica-a' });
    await advance(clock, 3_000);
    await advance(clock, 3_000);
    assert.equal(terms.length, 0, 'the hold has not run out yet');
    await advance(clock, 3_000);
    assert.equal(terms.length, 1, 'taken within a retry of the expiry');
    assert.equal(terms[0]!.leadership.token, 2, 'with a newer fencing token');
    await leader.stop();
  });

  it('steps down at once, aborting the work, when a renewal fails; and tries again later', async () => {
    const { clock, lease, leader, terms, states } = setup();
    leader.start();
    await advance(clock, 0);
    lease.failNext('renew', storageDown());
    await advance(clock, 3_000);
    assert.equal(terms[0]!.signal.aborted, true);
    assert.deepEqual(states.at(-1), { role: 'follower', holder: null });
    assert.ok(!lease.calls.includes('release replica-a'), 'a failed database is not asked to release');
    await advance(clock, 3_000);
    assert.equal(terms.length, 2, 'leads again once the lease is its own again');
    await leader.stop();
  });

  it('steps down when the lease was taken by another (renew answers null)', async () => {
    const { clock, lease, leader, terms } = setup();
    leader.start();
    await advance(clock, 0);
    lease.steal('replica-b');
    await advance(clock, 3_000);
    assert.equal(terms[0]!.signal.aborted, true);
    await leader.stop();
    assert.equal(lease.row?.holder, 'replica-b', 'a stop after losing the lease does not release another holder');
  });

  it('steps down when a renewal has not answered before the hold would end', async () => {
    const { clock, lease, leader, terms } = setup();
    leader.start();
    await advance(clock, 0);
    lease.renew = () => new Promise(() => {});
    await advance(clock, 3_000);
    assert.equal(terms[0]!.signal.aborted, false, 'still within the hold');
    await advance(clock, 6_000);
    assert.equal(terms[0]!.signal.aborted, true, 'the hold ended with no answer');
    await leader.stop();
  });

  it('steps down when its work says the lease was lost', async () => {
    const { clock, leader, terms, states } = setup();
    leader.start();
    await advance(clock, 0);
    terms[0]!.stepDown('fenced write refused');
    await advance(clock, 0);
    assert.equal(terms[0]!.signal.aborted, true);
    assert.deepEqual(states.at(-1), { role: 'follower', holder: null });
    await leader.stop();
  });

  it('keeps trying when the database cannot be reached', async () => {
    const { clock, lease, leader, terms } = setup();
    lease.failNext('acquire', storageDown(), storageDown());
    leader.start();
    await advance(clock, 0);
    await advance(clock, 3_000);
    assert.equal(terms.length, 0);
    await advance(clock, 3_000);
    assert.equal(terms.length, 1);
    await leader.stop();
  });
});
