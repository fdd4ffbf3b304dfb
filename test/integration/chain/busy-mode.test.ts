import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { DEMO_GROCERY_ID, DEMO_RESTAURANT_ID } from '../../../src-sandbox/index';
import type { WallStore } from '../../../src-shared/console/console-api';
import { BUSY_PAUSE_DESCRIPTION } from '../../../src-main/features/rush/busy-mode';
import { PAUSE_NOW_MARGIN_MS } from '../../../src-main/sync/lever-actions';
import { readWall, type ConsoleClient } from '../../support/chain/console-client';
import { clusterOrSkip } from '../../support/chain/db';
import type { PgCluster } from '../../support/chain/pg-cluster';
import { CHAIN_OWNER, CHAIN_VIEWER, chainCertificate, signedInConsole, startChainReplica, type ChainReplica } from '../../support/chain/process';
import { withSandbox } from '../../support/sandbox/sandbox';
import { advance, createOrder, type Sandbox } from '../../support/sandbox/orders';
import { waitFor } from '../../support/sync/harness';

/**
 * Busy mode on a chain's server, end to end: two replicas as processes on a throwaway PostgreSQL and
 * the sandbox, busy mode turned on for the restaurant from the console's store page. Two orders
 * timed out at the sandbox make both stores swamped; both replicas decide to pause the restaurant,
 * and its one key in the chain's outbox makes one pause on the platform; the grocery (busy mode off)
 * is never paused.
 */
describe("busy mode on a chain's server", () => {
  let cluster: PgCluster | null = null;
  let sandbox: Sandbox;
  const replicas: ChainReplica[] = [];
  let databaseUrl = '';
  let pool: pg.Pool;
  const folder = mkdtempSync(join(tmpdir(), 'st-chain-busy-'));
  const clients = { owner: null as ConsoleClient | null, viewer: null as ConsoleClient | null };

  before(async () => {
    cluster = await clusterOrSkip('the chain busy mode test');
    if (!cluster) return;
    sandbox = await withSandbox();
    databaseUrl = await cluster.database('chain_busy_mode');
    const tls = await chainCertificate(folder);
    const common = { databaseUrl, sandboxUrl: sandbox.url, clockAt: sandbox.world.clock.nowIso(), tls, statusSeconds: 5 };
    replicas.push(await startChainReplica({ ...common, name: 'busy-a', console: true }));
    replicas.push(await startChainReplica({ ...common, name: 'busy-b' }));
    clients.owner = await signedInConsole(databaseUrl, replicas[0], CHAIN_OWNER);
    clients.viewer = await signedInConsole(databaseUrl, replicas[0], CHAIN_VIEWER);
    pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    await waitFor(async () => (await wall()).stores.length >= 2, 'the stores on the wall', 20_000);
  });

  after(async () => {
    await pool?.end();
    for (const replica of replicas) await replica.kill('SIGTERM');
    await sandbox?.close();
    await cluster?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  const owner = () => clients.owner as ConsoleClient;
  const wall = () => readWall(owner());
  const row = async (storeId: string): Promise<WallStore | undefined> => (await wall()).stores.find((s) => s.storeId === storeId);
  const pausePosts = (store: string) =>
    sandbox.world.orders.storeCalls.of(store).filter((c) => c.route === 'POST /merchants/{merchantId}/interruptions' && c.status === 201);

  it('is set on the store page by an owner (a viewer is refused), recorded, and off for the other stores', async (t) => {
    if (!cluster) return t.skip('no PostgreSQL');
    const path = `/api/stores/${DEMO_RESTAURANT_ID}/busy-mode`;
    const refused = await (clients.viewer as ConsoleClient).call('POST', path, { json: { on: true, minutes: 15 } });
    assert.equal(refused.status, 403, JSON.stringify(refused.body));
    const set = await owner().call('POST', path, { json: { on: true, minutes: 15 } });
    assert.equal(set.status, 200, JSON.stringify(set.body));
    assert.deepEqual(set.body, { on: true, minutes: 15 });
    const bad = await owner().call('POST', path, { json: { on: true, minutes: 600 } });
    assert.equal(bad.status, 400, 'minutes out of bounds are refused');
    const page = await owner().call('GET', `/api/stores/${DEMO_RESTAURANT_ID}`);
    assert.deepEqual((page.body as { busyMode: unknown }).busyMode, { on: true, minutes: 15 });
    const other = await owner().call('GET', `/api/stores/${DEMO_GROCERY_ID}`);
    assert.deepEqual((other.body as { busyMode: unknown }).busyMode, { on: false, minutes: 15 }, 'off by default');
    const recorded = await pool.query<{ login: string; outcome: string }>("SELECT login, outcome FROM console_audit WHERE action = 'busy-mode' ORDER BY id");
    assert.deepEqual(
      recorded.rows.map((r) => [r.login, r.outcome.startsWith('refused') ? 'refused' : r.outcome]),
      [
        ['olho@rede.com', 'refused'],
        ['dona@rede.com', 'on'],
      ],
    );
  });

  it('pauses a swamped busy-mode store once across two replicas, with the busy pause’s words; never a store with it off', async (t) => {
    if (!cluster) return t.skip('no PostgreSQL');
    await waitFor(async () => (await row(DEMO_RESTAURANT_ID))?.summary === 'open', 'the restaurant open on the platform', 20_000);
    for (const merchantId of [DEMO_RESTAURANT_ID, DEMO_RESTAURANT_ID, DEMO_GROCERY_ID, DEMO_GROCERY_ID])
      await createOrder(sandbox, { merchantId, orderType: 'TAKEOUT' });
    await waitFor(async () => ((await row(DEMO_RESTAURANT_ID))?.orders.placed ?? 0) >= 2, 'the orders on the chain', 20_000);
    // Nobody confirms: the platform cancels them at its 8 minutes (CONFIRMATION_TIMEOUT), and both stores are swamped.
    await advance(sandbox, 8 * 60 + 1);
    await waitFor(async () => (await row(DEMO_GROCERY_ID))?.rush.level === 'swamped', 'the grocery swamped', 20_000);
    await waitFor(() => pausePosts(DEMO_RESTAURANT_ID).length > 0, 'the restaurant paused', 30_000);
    // Both replicas decide on the same swamped rounds (each reads the gauge at the orders' notice); their one key makes one pause.
    await waitFor(async () => (await row(DEMO_RESTAURANT_ID))?.summary === 'paused', 'the pause read back', 20_000);
    assert.equal(pausePosts(DEMO_RESTAURANT_ID).length, 1, 'one pause across two replicas');
    const [pause] = sandbox.world.merchantOps.interruptions(DEMO_RESTAURANT_ID);
    assert.equal(pause?.description, BUSY_PAUSE_DESCRIPTION);
    assert.equal(pausePosts(DEMO_GROCERY_ID).length, 0, 'busy mode off: never paused');
    const actions = await pool.query<{ payload: string; idempotency_key: string }>(
      "SELECT payload, idempotency_key FROM store_actions WHERE merchant_id = $1 AND kind = 'pause'",
      [DEMO_RESTAURANT_ID],
    );
    assert.equal(actions.rows.length, 1, 'one action in the chain’s outbox');
    const queued = JSON.parse(actions.rows[0]?.payload ?? '{}') as { start: string; end: string };
    // Its start is sent a little in the past (the Store page's rule): the pause runs its store's 15 minutes from the decision.
    assert.equal(Date.parse(queued.end) - Date.parse(queued.start), 15 * 60_000 + PAUSE_NOW_MARGIN_MS, 'for its store’s minutes');
    assert.match(String(actions.rows[0]?.idempotency_key), new RegExp(`^busy:${DEMO_RESTAURANT_ID}:\\d+$`));
  });
});
