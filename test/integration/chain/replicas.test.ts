import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DEMO_GROCERY_ID, DEMO_RESTAURANT_ID } from '../../../src-sandbox/index';
import type { Connectivity } from '../../../src-shared/ipc/contract';
import type { JoinOutcome, LinkView } from '../../../src-shared/ipc/channels/join';
import type { Board, OrdersChanged, OutboxEntry } from '../../../src-shared/ipc/channels/orders';
import type { PauseOutcome } from '../../../src-shared/ipc/channels/stores';
import type { StoreActionEntry } from '../../../src-shared/ipc/channels/store-actions';
import { CLAIM_MS } from '../../../src-main/chain/outbox-sender';
import { chainCertificate, inviteCode, startChainReplica, type ChainReplica } from '../../support/chain/process';
import type { PgCluster } from '../../support/chain/pg-cluster';
import { clusterOrSkip } from '../../support/chain/db';
import { withSandbox } from '../../support/sandbox/sandbox';
import { createOrder, type Sandbox } from '../../support/sandbox/orders';
import { openShellClient, type ShellClient } from '../../support/shells/shell-client';
import { callsOf, sandboxEvents } from '../../support/sync/check';
import { waitFor } from '../../support/sync/harness';
import { startTcpCut } from '../../support/tcp-cut';
import { ROOT, startWebShell, type RunningShell } from '../../support/shells/web-shell';

/**
 * A chain on one account: two server replicas on one PostgreSQL (each its own process, as
 * `npm run server` runs it) and three store terminals (built web shells, each its own process)
 * paired with codes a manager made for their stores: two terminals of the restaurant, one of the
 * grocery. Each store sees its own orders and no one else's; an action from a terminal on either
 * replica reaches the platform once; the polling replica killed mid-rush, the other takes over and
 * nothing is lost or sent twice; a replica whose database connections are cut steps down.
 */
const built = existsSync(join(ROOT, 'out', 'main', 'web.js'));
/** How long a terminal stays cut off from the server (the minute). */
const CUT_OFF_MS = 60_000;

describe('a chain: two replicas on PostgreSQL, three store terminals', { skip: built ? false : 'run `npm run build` first' }, () => {
  let cluster: PgCluster | null = null;
  let sandbox: Sandbox;
  let databaseUrl = '';
  let clockAt = '';
  let tls: { cert: string; key: string };
  const folder = mkdtempSync(join(tmpdir(), 'st-chain-'));
  const replicas: ChainReplica[] = [];
  const shells: RunningShell[] = [];
  const terminals: { name: string; store: string; client: ShellClient; replica: number }[] = [];

  // Each replica logs in as a role of its own, so one can be cut off from the database alone.
  const roleUrl = (index: number): string => databaseUrl.replace('postgres://postgres@', `postgres://replica_${index}@`);
  const startReplica = async (index: number, port = 0): Promise<ChainReplica> => {
    const replica = await startChainReplica({ name: `replica-${index}`, databaseUrl: roleUrl(index), sandboxUrl: sandbox.url, clockAt, tls, port });
    replicas[index] = replica;
    return replica;
  };
  const heard = (client: ShellClient, orderId: string, status?: string): boolean =>
    client.pushes.some(
      (p) => p.event === 'orders:changed' && (p.payload as OrdersChanged).rows.some((r) => r.id === orderId && (status === undefined || r.status === status)),
    );
  const boardOf = async (client: ShellClient): Promise<Map<string, string>> => {
    const result = await client.invoke<Board>('orders:board', {});
    assert.ok(result.ok, JSON.stringify(result));
    return new Map(result.value.rows.map((r) => [r.id, r.status]));
  };
  const confirms = async (orderId: string): Promise<number> =>
    (await callsOf(sandbox, orderId)).filter((c) => c.route === 'POST /orders/{id}/confirm' && c.status === 202).length;
  const leaders = async (): Promise<number[]> => {
    const out: number[] = [];
    for (const [i, r] of replicas.entries())
      if (r && r.process.exitCode === null && r.process.signalCode === null && (await r.metric('chain_is_leader').catch(() => 0)) === 1) out.push(i);
    return out;
  };
  // Read from the sandbox's world, not its API: the test's own calls must not spend the replicas' rate limits (the token route's, first).
  const pausesOf = async (store: string): Promise<readonly { id: string; description: string }[]> =>
    Promise.resolve(sandbox.world.merchantOps.interruptions(store));
  const terminal = (name: string) => {
    const found = terminals.find((t) => t.name === name);
    assert.ok(found, name);
    return found;
  };

  before(async () => {
    cluster = await clusterOrSkip('the chain replicas test');
    if (!cluster) return;
    sandbox = await withSandbox();
    clockAt = sandbox.world.clock.nowIso();
    databaseUrl = await cluster.database('chain_replicas');
    for (const index of [0, 1]) await cluster.sql(`CREATE ROLE replica_${index} SUPERUSER LOGIN`);
    tls = await chainCertificate(folder);
    await startReplica(0);
    await startReplica(1);
    const plan = [
      { name: 'Cantina — Balcão', store: DEMO_RESTAURANT_ID, replica: 0, kind: 'counter' },
      { name: 'Cantina — Cozinha', store: DEMO_RESTAURANT_ID, replica: 1, kind: 'kitchen' },
      { name: 'Mercado — Caixa', store: DEMO_GROCERY_ID, replica: 0, kind: 'counter' },
    ] as const;
    for (const t of plan) {
      const code = inviteCode({ databaseUrl, stores: [t.store], name: t.name, kind: t.kind, clockAt });
      const shell = await startWebShell({ args: ['--credential-store', 'file'] });
      shells.push(shell);
      const client = await openShellClient(shell);
      const outcome = await client.call<JoinOutcome>('join:pair', {
        target: { via: 'address', address: `127.0.0.1:${replicas[t.replica]?.port}` },
        code,
        kind: t.kind,
        name: t.name,
      });
      assert.equal(outcome.outcome, 'paired', JSON.stringify(outcome));
      client.close();
      terminals.push({ name: t.name, store: t.store, replica: t.replica, client: await openShellClient(shell) });
    }
    for (const { client, name } of terminals)
      await waitFor(async () => (await client.call<LinkView | null>('join:link'))?.state === 'connected', `${name} linked`);
  });
  after(async () => {
    for (const { client } of terminals) client.close();
    for (const shell of shells) await shell.stop();
    for (const r of replicas) await r?.kill('SIGTERM');
    await sandbox?.close();
    await cluster?.stop();
    for (const shell of shells) rmSync(shell.dataDir, { recursive: true, force: true });
    rmSync(folder, { recursive: true, force: true });
  });

  it('exactly one replica polls', async (t) => {
    if (!cluster) return t.skip('no PostgreSQL');
    await waitFor(async () => (await leaders()).length === 1, 'one leader');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    assert.equal((await leaders()).length, 1, 'still one');
  });

  it("an order of the restaurant reaches the restaurant's two terminals and not the grocery's", async (t) => {
    if (!cluster) return t.skip('no PostgreSQL');
    const placed = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID, orderType: 'TAKEOUT' });
    const grocery = await createOrder(sandbox, { merchantId: DEMO_GROCERY_ID, orderType: 'TAKEOUT' });
    for (const name of ['Cantina — Balcão', 'Cantina — Cozinha']) await waitFor(() => heard(terminal(name).client, placed.id), `the order pushed to ${name}`);
    await waitFor(() => heard(terminal('Mercado — Caixa').client, grocery.id), "the grocery's order on its terminal");
    assert.ok(!heard(terminal('Mercado — Caixa').client, placed.id), 'no push of another store');
    assert.ok(!heard(terminal('Cantina — Balcão').client, grocery.id), 'no push of another store');
    assert.equal((await boardOf(terminal('Mercado — Caixa').client)).has(placed.id), false, "not on the grocery's board");
    const peek = await terminal('Mercado — Caixa').client.invoke('orders:detail', { orderId: placed.id });
    assert.equal(!peek.ok && peek.error.code, 'not-found', "another store's order is not found");
    // The terminal's queue hands the server's refusal back as its entry's reason (the card shows it).
    const meddle = await terminal('Mercado — Caixa').client.invoke<OutboxEntry>('orders:act', { orderId: placed.id, action: 'confirm' });
    const refusal = meddle.ok ? meddle.value.reason?.code : meddle.error.code;
    assert.ok(!meddle.ok || meddle.value.state === 'failed', JSON.stringify(meddle));
    assert.equal(refusal, 'not-found', "another store's order cannot be acted on");
    assert.equal(await confirms(placed.id), 0);
  });

  it('the same order confirmed at once from terminals on both replicas reaches the platform once', async (t) => {
    if (!cluster) return t.skip('no PostgreSQL');
    const placed = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID, orderType: 'TAKEOUT' });
    const both = [terminal('Cantina — Balcão'), terminal('Cantina — Cozinha')];
    for (const { client } of both) await waitFor(() => heard(client, placed.id), 'on both terminals');
    const results = await Promise.all(both.map(({ client }) => client.invoke('orders:act', { orderId: placed.id, action: 'confirm' })));
    assert.ok(
      results.every((r) => r.ok),
      JSON.stringify(results),
    );
    for (const { client, name } of both) await waitFor(() => heard(client, placed.id, 'CONFIRMED'), `confirmed on ${name}`);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    assert.equal(await confirms(placed.id), 1, 'one confirm reached the platform');
  });

  it("a store's levers through the server: the restaurant paused from terminals on both replicas at once makes one pause; the grocery cannot pause it", async (t) => {
    if (!cluster) return t.skip('no PostgreSQL');
    const before = (await pausesOf(DEMO_RESTAURANT_ID)).length;
    const end = new Date(Date.parse(clockAt) + 30 * 60_000).toISOString();
    const pause = (name: string, store: string) =>
      terminal(name).client.invoke<PauseOutcome>('stores:pause', { merchantId: store, description: 'Cozinha lotada', end });

    const meddle = await pause('Mercado — Caixa', DEMO_RESTAURANT_ID);
    assert.equal(!meddle.ok && meddle.error.code, 'forbidden', "the grocery's terminal cannot pause the restaurant");
    const hours = await terminal('Mercado — Caixa').client.invoke('stores:hours', { merchantId: DEMO_RESTAURANT_ID });
    assert.equal(!hours.ok && hours.error.code, 'forbidden', "nor read the restaurant's hours");

    const both = await Promise.all([pause('Cantina — Balcão', DEMO_RESTAURANT_ID), pause('Cantina — Cozinha', DEMO_RESTAURANT_ID)]);
    assert.ok(
      both.some((r) => r.ok && r.value.outcome === 'created'),
      JSON.stringify(both),
    );
    // The second waits behind the first, or meets it on the platform: refused as an overlapping pause, said in words on that screen.
    for (const r of both) assert.ok(r.ok || r.error.code === 'conflict', JSON.stringify(r));
    const listedAll = async () => {
      const r = await terminal('Cantina — Cozinha').client.invoke<StoreActionEntry[]>('storeActions:list', { merchantId: DEMO_RESTAURANT_ID });
      return r.ok ? r.value : [];
    };
    // What stayed queued, and what the replicas said meanwhile.
    const diagnosis = async (): Promise<string> => {
      const states = (await listedAll()).map((e) => ({
        id: e.id,
        kind: e.kind,
        state: e.state,
        attempts: e.attempts,
        reason: e.reason,
        updatedAt: e.updatedAt,
      }));
      const logs = replicas.map((r) =>
        r
          ?.output()
          .split('\n')
          .filter((l) => /store|outbox|pause|interruption|token|429/i.test(l))
          .slice(-30)
          .join('\n'),
      );
      return `${JSON.stringify(states)}\n${logs.join('\n---\n')}`;
    };
    // Settled within seconds here; CI has seen one wait past 15 s (twice, never reproduced outside it): a slow settle is waited out and reported.
    const settling = Date.now();
    await waitFor(async () => (await listedAll()).every((e) => e.state !== 'queued'), 'both pauses settled', 60_000).catch(async (error: unknown) => {
      throw new Error(`${(error as Error).message}: ${await diagnosis()}`);
    });
    if (Date.now() - settling > 10_000) t.diagnostic(`both pauses settled after ${Date.now() - settling} ms: ${await diagnosis()}`);
    const paused = (await pausesOf(DEMO_RESTAURANT_ID)).filter((p) => p.description === 'Cozinha lotada');
    assert.equal(paused.length, 1, 'one pause on the platform');
    assert.equal((await pausesOf(DEMO_RESTAURANT_ID)).length, before + 1);

    // Each store's own: the grocery pauses itself; the restaurant's terminals list only their own store's actions.
    const own = await pause('Mercado — Caixa', DEMO_GROCERY_ID);
    assert.ok(own.ok && own.value.outcome === 'created', JSON.stringify(own));
    const listed = await terminal('Cantina — Balcão').client.invoke<StoreActionEntry[]>('storeActions:list', {});
    assert.ok(listed.ok && listed.value.every((e) => e.merchantId === DEMO_RESTAURANT_ID), JSON.stringify(listed));
    const resumed = await terminal('Cantina — Cozinha').client.invoke('stores:resume', { merchantId: DEMO_RESTAURANT_ID, interruptionId: paused[0]?.id ?? '' });
    assert.ok(resumed.ok, JSON.stringify(resumed));
    // It may wait its turn behind the second pause (a store's actions go in order): the notices move it along within seconds.
    await waitFor(async () => (await pausesOf(DEMO_RESTAURANT_ID)).every((p) => p.description !== 'Cozinha lotada'), 'reopened from the other replica', 60_000);
  });

  it('the polling replica killed mid-rush: the other takes over; nothing lost, nothing sent twice', async (t) => {
    if (!cluster) return t.skip('no PostgreSQL');
    const [leader] = await leaders();
    assert.ok(leader !== undefined, 'a leader');
    const survivor = leader === 0 ? 1 : 0;
    const onSurvivor = terminals.find((x) => x.replica === survivor && x.store === DEMO_RESTAURANT_ID);
    assert.ok(onSurvivor);
    const rush = await Promise.all([0, 1, 2].map(() => createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID, orderType: 'TAKEOUT' })));
    for (const o of rush) await waitFor(() => heard(onSurvivor.client, o.id), 'the rush on the surviving replica’s terminal');
    const acted = await Promise.all(rush.slice(0, 2).map((o) => onSurvivor.client.invoke('orders:act', { orderId: o.id, action: 'confirm' })));
    assert.ok(
      acted.every((r) => r.ok),
      JSON.stringify(acted),
    );
    const killedPort = replicas[leader]?.port ?? 0;
    await replicas[leader]?.kill('SIGKILL');
    const whileDown = await Promise.all([0, 1].map(() => createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID, orderType: 'TAKEOUT' })));
    await waitFor(async () => (await leaders()).includes(survivor), 'the survivor leads', 30_000);
    for (const o of whileDown) await waitFor(() => heard(onSurvivor.client, o.id), 'orders placed after the kill reach the terminal', 30_000);
    // A confirm the killed replica had claimed waits out its claim (CLAIM_MS), then the survivor looks first and sends it.
    for (const o of rush.slice(0, 2)) await waitFor(() => heard(onSurvivor.client, o.id, 'CONFIRMED'), 'the confirms went through', CLAIM_MS + 15_000);

    // The killed replica comes back where its terminals look for it; they link again and see the same board.
    await startReplica(leader, killedPort);
    const rejoined = terminals.filter((x) => x.replica === leader);
    for (const { client, name } of rejoined)
      await waitFor(async () => (await client.call<LinkView | null>('join:link'))?.state === 'connected', `${name} linked again`, 40_000);
    const all = [...rush, ...whileDown].map((o) => o.id);
    const reference = await boardOf(onSurvivor.client);
    for (const { client, name, store } of rejoined.filter((x) => x.store === DEMO_RESTAURANT_ID)) {
      const board = await boardOf(client);
      assert.deepEqual(
        all.map((id) => board.get(id)),
        all.map((id) => reference.get(id)),
        `${name} (${store}) shows the same board`,
      );
    }
    for (const id of all) assert.ok((await confirms(id)) <= 1, `order ${id} confirmed at most once`);
    await waitFor(
      async () => (await sandboxEvents(sandbox)).filter((e) => all.includes(e.orderId) && !e.acknowledged).length === 0,
      'every event acknowledged',
    );
    assert.equal((await leaders()).length, 1, 'one leader again');
  });

  it('a replica cut off from the database steps down at once; the other takes over; orders flow again once it is back', async (t) => {
    if (!cluster) return t.skip('no PostgreSQL');
    const [leader] = await leaders();
    assert.ok(leader !== undefined);
    const other = leader === 0 ? 1 : 0;
    const tokenOf = (text: string): number => Number(/chain_leader\{[^}]*token="(\d+)"/.exec(text)?.[1]);
    const token = tokenOf((await replicas[leader]?.metrics()) ?? '');
    assert.ok(Number.isFinite(token));
    // Its connections end and it may not log in again: a replica whose database went away.
    await cluster.sql(`ALTER ROLE replica_${leader} NOLOGIN`);
    const named = `chain ${hostname()}:${replicas[leader]?.process.pid}`;
    const cut = (await cluster.terminate(named)) + (await cluster.terminate(`${named}-listen`));
    assert.ok(cut > 0, 'connections ended');
    await waitFor(async () => (await replicas[leader]?.metric('chain_is_leader')) === 0, 'the cut replica stepped down', 15_000);
    await waitFor(async () => (await replicas[other]?.metric('chain_is_leader')) === 1, 'the other leads', 30_000);
    assert.ok(tokenOf((await replicas[other]?.metrics()) ?? '') > token, 'under a higher fencing token');
    assert.equal((await leaders()).length, 1);

    await cluster.sql(`ALTER ROLE replica_${leader} LOGIN`);
    const placed = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID, orderType: 'TAKEOUT' });
    for (const name of ['Cantina — Balcão', 'Cantina — Cozinha'])
      await waitFor(() => heard(terminal(name).client, placed.id), `orders flow again to ${name}`, 30_000);
    assert.equal((await leaders()).length, 1, 'still one leader');
  });

  it("the chain's database down for 10 s: a confirm pressed meanwhile waits on the terminal, which says it is the server's trouble, and reaches the platform once", async (t) => {
    if (!cluster) return t.skip('no PostgreSQL');
    const { client } = terminal('Cantina — Balcão');
    const placed = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID, orderType: 'TAKEOUT' });
    await waitFor(() => heard(client, placed.id), 'the order on the terminal');
    const pushedBefore = client.pushes.length;
    await cluster.down();
    try {
      const pressed = await client.invoke<OutboxEntry>('orders:act', { orderId: placed.id, action: 'confirm' });
      assert.ok(pressed.ok, JSON.stringify(pressed));
      assert.equal(pressed.value.state, 'queued', 'kept on the terminal, not refused');
      const read = await client.invoke('orders:detail', { orderId: placed.id });
      assert.ok(!read.ok && read.error.code === 'server' && read.error.reason === 'ServerStorage', `a read says whose trouble: ${JSON.stringify(read)}`);
      const told = (): Connectivity[] =>
        client.pushes
          .slice(pushedBefore)
          .filter((p) => p.event === 'status:changed')
          .map((p) => p.payload as Connectivity);
      await waitFor(() => told().some((c) => c.reason?.reason === 'ServerStorage'), "the top bar hears the server's trouble", 15_000);
      await new Promise((resolve) => setTimeout(resolve, 10_000 - 5_000));
      assert.equal(await confirms(placed.id), 0, 'nothing reached the platform meanwhile');
    } finally {
      await cluster.up();
    }
    await waitFor(async () => (await confirms(placed.id)) === 1, 'the queued confirm reached the platform', 60_000);
    await waitFor(() => heard(client, placed.id, 'CONFIRMED'), 'confirmed on the terminal', 30_000);
    await waitFor(
      () => (client.pushes.filter((p) => p.event === 'status:changed').at(-1)?.payload as Connectivity | undefined)?.state === 'online',
      'the top bar is back online',
      30_000,
    );
    assert.equal(await confirms(placed.id), 1, 'once');
  });

  it('a terminal cut off from the server for a minute keeps confirming and pausing; its queued confirm and pause reach the platform once when it is back', async (t) => {
    if (!cluster) return t.skip('no PostgreSQL');
    const cut = await startTcpCut({ host: '127.0.0.1', port: replicas[0]?.port ?? 0 });
    try {
      const code = inviteCode({ databaseUrl, stores: [DEMO_RESTAURANT_ID], name: 'Cantina — Balcão 2', kind: 'counter', clockAt });
      const shell = await startWebShell({ args: ['--credential-store', 'file'] });
      shells.push(shell);
      const pairing = await openShellClient(shell);
      const outcome = await pairing.call<JoinOutcome>('join:pair', {
        target: { via: 'address', address: `127.0.0.1:${cut.port}` },
        code,
        kind: 'counter',
        name: 'Cantina — Balcão 2',
      });
      assert.equal(outcome.outcome, 'paired', JSON.stringify(outcome));
      pairing.close();
      const client = await openShellClient(shell);
      terminals.push({ name: 'Cantina — Balcão 2', store: DEMO_RESTAURANT_ID, replica: 0, client });
      await waitFor(async () => (await client.call<LinkView | null>('join:link'))?.state === 'connected', 'linked through the relay');
      const placed = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID, orderType: 'TAKEOUT' });
      await waitFor(() => heard(client, placed.id), 'the order on the terminal');

      cut.cut();
      await waitFor(async () => (await client.call<LinkView | null>('join:link'))?.state === 'lost', 'the terminal knows it is cut off');
      const queued = await client.invoke<OutboxEntry>('orders:act', { orderId: placed.id, action: 'confirm' });
      assert.ok(queued.ok, JSON.stringify(queued));
      assert.equal(queued.value.state, 'queued', 'kept on the terminal');
      const again = await client.invoke<OutboxEntry>('orders:act', { orderId: placed.id, action: 'confirm' });
      assert.ok(again.ok && again.value.id === queued.value.id, 'a second press is the same action');
      // The store's lever too: a pause made while cut off waits on the terminal, said so, and goes once.
      const end = new Date(Date.parse(clockAt) + 45 * 60_000).toISOString();
      const paused = await client.invoke<PauseOutcome>('stores:pause', { merchantId: DEMO_RESTAURANT_ID, description: 'Sem gás', end });
      assert.ok(paused.ok && paused.value.outcome === 'queued', JSON.stringify(paused));
      assert.ok(paused.value.outcome === 'queued' && paused.value.action.id < 0 && paused.value.action.reason?.reason === 'QueuedOnScreen');
      await new Promise((resolve) => setTimeout(resolve, CUT_OFF_MS));
      assert.equal(await confirms(placed.id), 0, 'nothing reached the platform while cut off');
      assert.equal((await pausesOf(DEMO_RESTAURANT_ID)).filter((p) => p.description === 'Sem gás').length, 0, 'nor the pause');

      cut.restore();
      await waitFor(async () => (await confirms(placed.id)) === 1, 'the queued confirm reached the platform', 60_000);
      await waitFor(() => heard(client, placed.id, 'CONFIRMED'), 'confirmed on the terminal', 30_000);
      await new Promise((resolve) => setTimeout(resolve, 2_000)); // a replay would be out by now
      assert.equal(await confirms(placed.id), 1, 'once');
      await waitFor(async () => (await pausesOf(DEMO_RESTAURANT_ID)).some((p) => p.description === 'Sem gás'), 'the pause reached the platform', 90_000);
      assert.equal((await pausesOf(DEMO_RESTAURANT_ID)).filter((p) => p.description === 'Sem gás').length, 1, 'one pause');
    } finally {
      await cut.close();
    }
  });
});
