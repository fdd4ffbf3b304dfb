import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { DEMO_GROCERY_ID, DEMO_RESTAURANT_ID } from '../../../src-sandbox/index';
import { StoreTeam } from '../../../src-shared/console/console-api';
import type { StaffState, TrailEntry } from '../../../src-shared/ipc/channels/staff';
import type { IpcResult } from '../../../src-shared/ipc/contract';
import type { RemoteEndpoint } from '../../../src-main/hub/link/remote-endpoint';
import { certificateFingerprint } from '../../../src-main/hub/trust/fingerprint';
import { TRIES } from '../../../src-main/features/staff/pin-tries';
import { readWall, refusalKind, type ConsoleClient } from '../../support/chain/console-client';
import { clusterOrSkip } from '../../support/chain/db';
import { linkTerminal, type LinkedTerminal } from '../../support/chain/linked-terminal';
import type { PgCluster } from '../../support/chain/pg-cluster';
import { CHAIN_OWNER, CHAIN_VIEWER, chainCertificate, signedInConsole, startChainReplica, type ChainReplica } from '../../support/chain/process';
import { withSandbox } from '../../support/sandbox/sandbox';
import { createOrder, type Sandbox } from '../../support/sandbox/orders';
import { waitFor } from '../../support/sync/harness';

const RESTAURANT = DEMO_RESTAURANT_ID;
const GROCERY = DEMO_GROCERY_ID;

/**
 * Staff on a chain's server, end to end (docs/staff.md, "On a chain"): a replica as a process on a
 * throwaway PostgreSQL and the sandbox, its console signed in as the owner, the restaurant's and the
 * grocery's terminals linked with their device credentials. The console makes the restaurant's team
 * and turns sign-in on; its terminal sees the people, signs Ana in by PIN, confirms (in the trail
 * with Ana and the terminal), is refused a cancel until Marcos's `staff:approve`; wrong PINs lock
 * after five. The grocery's terminal reaches nothing of the restaurant's team or trail, and the
 * trail refuses any change in the database itself.
 */
describe("staff per store on a chain's server", () => {
  let cluster: PgCluster | null = null;
  let sandbox: Sandbox;
  let replica: ChainReplica;
  let databaseUrl = '';
  let pool: pg.Pool;
  let fingerprint = '';
  const folder = mkdtempSync(join(tmpdir(), 'st-chain-staff-'));
  const clients = { owner: null as ConsoleClient | null, viewer: null as ConsoleClient | null };
  const linked: RemoteEndpoint[] = [];
  const people = { ana: '', marcos: '' };
  let counter: LinkedTerminal;
  let grocery: LinkedTerminal;

  before(async () => {
    cluster = await clusterOrSkip('the chain staff test');
    if (!cluster) return;
    sandbox = await withSandbox();
    databaseUrl = await cluster.database('chain_staff');
    const tls = await chainCertificate(folder);
    fingerprint = certificateFingerprint(readFileSync(tls.cert, 'utf8'));
    replica = await startChainReplica({ name: 'staff', databaseUrl, sandboxUrl: sandbox.url, clockAt: sandbox.world.clock.nowIso(), tls, console: true });
    clients.owner = await signedInConsole(databaseUrl, replica, CHAIN_OWNER);
    clients.viewer = await signedInConsole(databaseUrl, replica, CHAIN_VIEWER);
    pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    await waitFor(async () => (await readWall(owner())).stores.length >= 2, 'the stores on the wall', 20_000);
    const link = async (stores: string[], name: string) => {
      const terminal = await linkTerminal({ pool, port: replica.port, fingerprint, now: sandbox.world.clock.now(), stores, name });
      linked.push(terminal.endpoint);
      return terminal;
    };
    counter = await link([RESTAURANT], 'Cantina — Balcão');
    grocery = await link([GROCERY], 'Mercado — Caixa');
  });

  after(async () => {
    for (const endpoint of linked) await endpoint.close();
    await pool?.end();
    await replica?.kill('SIGTERM');
    await sandbox?.close();
    await cluster?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  const owner = () => clients.owner as ConsoleClient;
  const team = (store: string, change = '') => `/api/stores/${store}/team${change}`;
  const call = async <T>(terminal: LinkedTerminal, channel: string, input: unknown = {}) => (await terminal.endpoint.invoke(channel, input)) as IpcResult<T>;
  const refusal = (result: IpcResult<unknown>) => (result.ok ? 'answered' : result.error.code);
  const orderLines = async (terminal: LinkedTerminal, orderId: string) => {
    const read = await call<{ entries: TrailEntry[] }>(terminal, 'staff:trail', { orderId });
    assert.ok(read.ok, JSON.stringify(read));
    return read.value.entries;
  };
  const placed = async (store: string) => {
    const order = await createOrder(sandbox, { merchantId: store, orderType: 'TAKEOUT' });
    await waitFor(async () => (await pool.query('SELECT 1 FROM orders WHERE id = $1', [order.id])).rowCount === 1, 'the order on the chain');
    return order.id;
  };

  it("is made on the console's store page (a viewer refused) and its store's terminal sees it", async (t) => {
    if (!cluster) return t.skip('no PostgreSQL');
    const refused = await (clients.viewer as ConsoleClient).call('POST', team(RESTAURANT, '/person'), { json: { name: 'Ana', role: 'staff', pin: '4821' } });
    assert.equal(refused.status, 403, JSON.stringify(refused.body));
    for (const person of [
      { name: 'Marcos', role: 'manager', pin: '907311' },
      { name: 'Ana', role: 'staff', pin: '4821' },
    ]) {
      const added = await owner().call('POST', team(RESTAURANT, '/person'), { json: person });
      assert.equal(added.status, 200, JSON.stringify(added.body));
    }
    const taken = await owner().call('POST', team(RESTAURANT, '/person'), { json: { name: 'ana', role: 'staff', pin: '1111' } });
    assert.equal(refusalKind(taken), 'invalid');
    assert.match(JSON.stringify(taken.body), /already called Ana/);
    const on = await owner().call('POST', team(RESTAURANT, '/sign-in'), { json: { signIn: true, idleMinutes: 10 } });
    assert.equal(on.status, 200, JSON.stringify(on.body));
    const shown = StoreTeam.parse(on.body);
    assert.deepEqual(
      shown.people.map((p) => [p.name, p.role]),
      [
        ['Ana', 'staff'],
        ['Marcos', 'manager'],
      ],
    );
    assert.ok(!JSON.stringify(on.body).includes('4821'), 'no PIN in the answer');
    const audit = await pool.query<{ login: string; action: string; outcome: string; detail: unknown }>(
      "SELECT login, action, outcome, detail FROM console_audit WHERE action LIKE 'staff-%' ORDER BY id",
    );
    assert.deepEqual(
      audit.rows.map((r) => [r.login, r.action, r.outcome.startsWith('refused') ? 'refused' : r.outcome]),
      [
        ['olho@rede.com', 'staff-save', 'refused'],
        ['dona@rede.com', 'staff-save', 'done'],
        ['dona@rede.com', 'staff-save', 'done'],
        ['dona@rede.com', 'staff-save', 'refused'],
        ['dona@rede.com', 'staff-sign-in', 'done'],
      ],
    );
    assert.ok(!JSON.stringify(audit.rows).match(/4821|907311|1111/), 'no PIN in the record');
    people.ana = shown.people.find((p) => p.name === 'Ana')?.id ?? '';
    people.marcos = shown.people.find((p) => p.name === 'Marcos')?.id ?? '';

    const state = await call<StaffState>(counter, 'staff:state');
    assert.ok(state.ok, JSON.stringify(state));
    assert.deepEqual(
      [state.value.signIn, state.value.idleMinutes, state.value.people.map((p) => p.name), state.value.current],
      [true, 10, ['Ana', 'Marcos'], null],
    );
    const elsewhere = await call<StaffState>(grocery, 'staff:state');
    assert.deepEqual(elsewhere.ok && [elsewhere.value.signIn, elsewhere.value.people], [false, []], "the grocery's team is its own");
  });

  it('a person signs in by PIN; the confirm is theirs in the trail, with the terminal; a cancel waits for a manager’s PIN', async (t) => {
    if (!cluster) return t.skip('no PostgreSQL');
    const orderId = await placed(RESTAURANT);
    const nobody = await call(counter, 'orders:act', { orderId, action: 'confirm' });
    assert.equal(refusal(nobody), 'sign-in-needed');
    const signedIn = await call<StaffState>(counter, 'staff:signIn', { personId: people.ana, pin: '4821' });
    assert.equal(signedIn.ok && signedIn.value.current?.name, 'Ana', JSON.stringify(signedIn));
    assert.equal(refusal(await call(counter, 'orders:act', { orderId, action: 'confirm' })), 'answered');

    const cancel = () => call(counter, 'orders:act', { orderId, action: 'requestCancellation', payload: { reason: '501' } });
    const unapproved = await cancel();
    assert.equal(refusal(unapproved), 'approval-needed');
    assert.equal(!unapproved.ok && unapproved.error.field, 'cancelOrder');
    const approved = await call(counter, 'staff:approve', { personId: people.marcos, pin: '907311', action: 'cancelOrder' });
    assert.ok(approved.ok, JSON.stringify(approved));
    assert.equal(refusal(await cancel()), 'answered');

    const lines = await orderLines(counter, orderId);
    assert.deepEqual(
      // The guard's refusals (nobody signed in, no approval yet) changed nothing: no line for them.
      lines.map((l) => [l.action, l.person?.name ?? null, l.device, l.approvedBy, l.outcome]),
      [
        ['confirm', 'Ana', 'Cantina — Balcão', null, 'queued'],
        ['requestCancellation', 'Ana', 'Cantina — Balcão', 'Marcos', 'queued'],
      ],
    );
    const kept = await pool.query<{ device_id: string; store_id: string }>(
      "SELECT device_id, store_id FROM chain_action_trail WHERE order_id = $1 AND outcome = 'queued'",
      [orderId],
    );
    assert.deepEqual(
      kept.rows.map((r) => [r.device_id, r.store_id]),
      [
        [counter.deviceId, RESTAURANT],
        [counter.deviceId, RESTAURANT],
      ],
    );
    // The console's page shows the same lines, newest first.
    const page = StoreTeam.parse((await owner().call('GET', team(RESTAURANT))).body);
    assert.deepEqual(
      page.trail.filter((l) => l.orderId === orderId && l.outcome === 'queued').map((l) => [l.action, l.person?.name, l.approvedBy]),
      [
        ['requestCancellation', 'Ana', 'Marcos'],
        ['confirm', 'Ana', null],
      ],
    );
  });

  it("a terminal of another store cannot read, sign in as, approve as or change the restaurant's people, nor read its trail", async (t) => {
    if (!cluster) return t.skip('no PostgreSQL');
    const orderId = await placed(RESTAURANT);
    assert.equal(refusal(await call(grocery, 'staff:signIn', { personId: people.ana, pin: '4821' })), 'not-found');
    assert.equal(refusal(await call(grocery, 'staff:approve', { personId: people.marcos, pin: '907311', action: 'cancelOrder' })), 'not-found');
    assert.equal(refusal(await call(grocery, 'staff:save', { id: people.ana, name: 'Ana', role: 'manager' })), 'not-found');
    assert.equal(refusal(await call(grocery, 'staff:remove', { id: people.marcos })), 'not-found');
    assert.equal(refusal(await call(grocery, 'staff:trail', { orderId })), 'not-found');
    const own = await call<{ entries: TrailEntry[] }>(grocery, 'staff:trail', {});
    assert.ok(own.ok, JSON.stringify(own));
    assert.ok(own.value.entries.length > 0 && own.value.entries.every((l) => l.device === 'Mercado — Caixa'), JSON.stringify(own.value.entries));
    // Its own team is its own: a person it adds is no one at the restaurant.
    const added = await call<StaffState>(grocery, 'staff:save', { name: 'Bia', role: 'manager', pin: '5566' });
    assert.ok(added.ok, JSON.stringify(added));
    const bia = added.value.people.find((p) => p.name === 'Bia')?.id ?? '';
    assert.equal(refusal(await call(counter, 'staff:approve', { personId: bia, pin: '5566', action: 'cancelOrder' })), 'not-found');
    const restaurant = StoreTeam.parse((await owner().call('GET', team(RESTAURANT))).body);
    assert.deepEqual(
      restaurant.people.map((p) => [p.name, p.role]),
      [
        ['Ana', 'staff'],
        ['Marcos', 'manager'],
      ],
    );
  });

  it('counts wrong PINs and locks the person after five, kept in the database', async (t) => {
    if (!cluster) return t.skip('no PostgreSQL');
    for (let i = 0; i < TRIES.person; i++) assert.equal(refusal(await call(counter, 'staff:signIn', { personId: people.ana, pin: '0000' })), 'wrong-pin');
    const locked = await call(counter, 'staff:signIn', { personId: people.ana, pin: '4821' });
    assert.equal(refusal(locked), 'locked');
    assert.match(!locked.ok ? locked.error.message : '', /this person may try again in 5 min/);
    const kept = await pool.query<{ locked_until_ms: number | null }>('SELECT locked_until_ms FROM chain_staff_tries WHERE store_id = $1 AND key = $2', [
      RESTAURANT,
      `person:${people.ana}`,
    ]);
    assert.ok(kept.rows[0]?.locked_until_ms, 'the lock is in the database');
  });

  it('keeps the trail as written: the database refuses to change or remove a line', async (t) => {
    if (!cluster) return t.skip('no PostgreSQL');
    await assert.rejects(pool.query("UPDATE chain_action_trail SET person_name = 'Outra pessoa'"), /the trail is never edited/);
    await assert.rejects(pool.query('DELETE FROM chain_action_trail'), /the trail is never edited/);
    const { rows } = await pool.query<{ n: number }>("SELECT count(*)::int AS n FROM chain_action_trail WHERE person_name = 'Ana'");
    assert.ok((rows[0]?.n ?? 0) >= 3, JSON.stringify(rows));
  });
});
