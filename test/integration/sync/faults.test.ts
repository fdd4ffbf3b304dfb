import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import { DEMO_PIZZERIA_ID, DEMO_RESTAURANT_ID } from '../../../src-sandbox/index';
import { withSandbox } from '../../support/sandbox/sandbox';
import { createOrder, type Sandbox } from '../../support/sandbox/orders';
import { assertExactlyOnce, sandboxEvents } from '../../support/sync/check';
import { startSyncStack, waitFor, type SyncStack } from '../../support/sync/harness';
import { isDone, runKitchen } from '../../support/sync/staff';

/**
 * The real sync stack against the sandbox's fault injection: whatever the link does, every event is
 * stored once and acknowledged, and every action the kitchen pressed takes effect once.
 */
describe('order sync under faults', () => {
  let sandbox: Sandbox;
  let dir: string;
  let stack: SyncStack | undefined;
  let stopKitchen: (() => void) | undefined;
  before(async () => (sandbox = await withSandbox()));
  after(() => sandbox.close());
  beforeEach(async () => {
    await sandbox.http.send('POST', '/_sandbox/reset');
    dir = mkdtempSync(join(tmpdir(), 'st-faults-'));
  });
  afterEach(async () => {
    stopKitchen?.();
    await stack?.close();
    stack = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  const setFaults = async (json: Record<string, unknown>) => {
    const response = await sandbox.http.send('PUT', '/_sandbox/faults', { json });
    assert.equal(response.status, 200, JSON.stringify(response.body));
  };

  const kinds = [{ orderType: 'TAKEOUT' }, { orderType: 'DELIVERY', deliveredBy: 'MERCHANT' }, { orderType: 'DELIVERY', deliveredBy: 'PLATFORM' }];

  /** Places `count` orders over two stores while the faults are on, runs the kitchen to the end, then checks. */
  async function scenario(faults: Record<string, unknown>, count = 12, timeoutMs = 25_000) {
    stack = await startSyncStack({ url: sandbox.url, dataDir: dir });
    const s = stack;
    stopKitchen = runKitchen(s.store, s.sync);
    await setFaults(faults);
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const order = await createOrder(sandbox, { merchantId: i % 2 ? DEMO_PIZZERIA_ID : DEMO_RESTAURANT_ID, ...kinds[i % kinds.length] });
      ids.push(order.id);
    }
    await waitFor(() => s.store.board.rowsOf(ids).filter(isDone).length === count, `all ${count} orders done under ${JSON.stringify(faults)}`, timeoutMs);
    // Faults off: the last acknowledgments go through.
    await setFaults({});
    await waitFor(async () => (await sandboxEvents(sandbox)).every((e) => e.acknowledged), 'every event acknowledged', 10_000);
    stopKitchen();
    await s.sync.stop();
    return assertExactlyOnce(sandbox, s.store, ids);
  }

  it('survives 5xx bursts (30 % of requests answer 503)', async () => {
    const report = await scenario({ errorRate: 0.3, errorStatus: 503, seed: 1 });
    assert.equal(report.actions, 36);
  });

  it('survives 429s: waits and comes back, nothing lost', async () => {
    const report = await scenario({ errorRate: 0.15, errorStatus: 429, seed: 2 }, 6);
    assert.equal(report.actions, 18);
  });

  it('survives dropped connections after the action: resends are recognised, never applied twice', async () => {
    const report = await scenario({ dropRate: 0.25, dropMode: 'afterAction', seed: 3 });
    assert.ok(report.resends > 0, 'some answers were lost and the actions sent again');
    assert.ok(report.conflictsRecognised > 0, 'a resend met its own action (409) and was taken as done');
  });

  it('survives dropped connections before the action', async () => {
    await scenario({ dropRate: 0.25, dropMode: 'beforeAction', seed: 4 });
  });

  it('stores duplicated events once, and sorts reordered ones by time', async () => {
    const report = await scenario({ duplicateRate: 0.5, seed: 5 });
    assert.ok(report.deliveries > report.events, 'events were delivered more than once');
  });

  it('everything at once, with latency', async () => {
    const report = await scenario({ errorRate: 0.1, dropRate: 0.1, duplicateRate: 0.3, latencyMs: 5, seed: 6 });
    assert.equal(report.actions, 36);
  });

  it('renews an expired token by itself and never shows the terminal as signed out', async () => {
    stack = await startSyncStack({ url: sandbox.url, dataDir: dir });
    const s = stack;
    await waitFor(() => s.connectivity.current.lastPollAt !== null, 'first poll');
    const tokenRequests = s.tokenRequests();
    const states = new Set<string>();
    s.connectivity.onChange((c) => states.add(c.state));
    // The access token lives an hour: move the sandbox past it.
    await sandbox.http.send('POST', '/_sandbox/clock', { json: { advanceSeconds: 3_700 } });
    stopKitchen = runKitchen(s.store, s.sync);
    const order = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID, orderType: 'TAKEOUT' });
    await waitFor(() => s.store.board.rowsOf([order.id]).some(isDone), 'order done with a renewed token');
    assert.ok(s.tokenRequests() > tokenRequests, 'the token was renewed');
    assert.ok(!states.has('unauthorized'), 'never shown as unauthorized');
    stopKitchen();
    await s.sync.stop();
    await assertExactlyOnce(sandbox, s.store, [order.id]);
  });
});
