import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DEMO_RESTAURANT_ID } from '../../../src-sandbox/index';
import type { Board, OrdersChanged, OutboxEntry } from '../../../src-shared/ipc/channels/orders';
import type { JoinOutcome, LinkView } from '../../../src-shared/ipc/channels/join';
import type { IpcResult } from '../../../src-shared/ipc/contract';
import { CLOSE } from '../../../src-main/hub/link/protocol';
import { rawScreen } from '../../support/hub/link';
import { buildHubChild, startHubProcess, type HubProcess } from '../../support/hub/process';
import { withSandbox } from '../../support/sandbox/sandbox';
import { createOrder, type Sandbox } from '../../support/sandbox/orders';
import { openShellClient, type ShellClient } from '../../support/shells/shell-client';
import { callsOf, sandboxEvents } from '../../support/sync/check';
import { waitFor } from '../../support/sync/harness';
import { ROOT, startWebShell, type RunningShell } from '../../support/shells/web-shell';

/**
 * The store's network in one machine: a hub terminal (the real app polling the sandbox, with the
 * hub room around it) and two screens, each a built web shell of its own, paired through their
 * join channels. Every terminal sees every order from the hub's one poll; an action from a screen
 * happens once; the hub killed mid-rush and restarted loses nothing on any screen; a revoked
 * screen is refused at once; a device that did not pair gets nothing.
 */
const built = existsSync(join(ROOT, 'out', 'main', 'web.js'));

describe('a hub and two screens, each its own process', { skip: built ? false : 'run `npm run build` first' }, () => {
  let sandbox: Sandbox;
  let child: Awaited<ReturnType<typeof buildHubChild>>;
  let hub: HubProcess;
  const hubDir = mkdtempSync(join(tmpdir(), 'st-hub-proc-'));
  const shells: RunningShell[] = [];
  const screens: { shell: RunningShell; client: ShellClient; name: string }[] = [];
  const startHub = async (port = 0): Promise<HubProcess> =>
    (hub = await startHubProcess({ entry: child.entry, sandboxUrl: sandbox.url, dataDir: hubDir, clockAt: sandbox.world.clock.nowIso(), port }));

  const lastLink = (client: ShellClient): LinkView | undefined => client.pushes.filter((p) => p.event === 'join:link').at(-1)?.payload as LinkView | undefined;
  const heard = (client: ShellClient, orderId: string, status?: string): boolean =>
    client.pushes.some(
      (p) => p.event === 'orders:changed' && (p.payload as OrdersChanged).rows.some((r) => r.id === orderId && (status === undefined || r.status === status)),
    );
  const boardOf = async (read: (channel: string) => Promise<IpcResult<unknown>>): Promise<Map<string, string>> => {
    const result = await read('orders:board');
    assert.ok(result.ok, JSON.stringify(result));
    return new Map((result.value as Board).rows.map((r) => [r.id, r.status]));
  };
  const hubBoard = () => boardOf((channel) => hub.invoke(channel));
  const screenBoard = (client: ShellClient) => boardOf((channel) => client.invoke(channel));
  const confirms = async (orderId: string): Promise<number> =>
    (await callsOf(sandbox, orderId)).filter((c) => c.route === 'POST /orders/{id}/confirm' && c.status === 202).length;
  const order = () => createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID, orderType: 'TAKEOUT' });

  before(async () => {
    sandbox = await withSandbox();
    child = await buildHubChild();
    await startHub();
    for (const name of ['Balcão 2', 'Cozinha 1']) {
      // A first run, no account: the credential store in an owner-only file, as a machine without a keychain.
      const shell = await startWebShell({ args: ['--credential-store', 'file'] });
      shells.push(shell);
      const client = await openShellClient(shell);
      const outcome = await client.call<JoinOutcome>('join:pair', {
        target: { via: 'address', address: `127.0.0.1:${hub.port}` },
        code: await hub.code(),
        kind: name.startsWith('Cozinha') ? 'kitchen' : 'counter',
        name,
      });
      assert.equal(outcome.outcome, 'paired', JSON.stringify(outcome));
      // The page reloads after pairing: a fresh window on the screen.
      client.close();
      screens.push({ shell, client: await openShellClient(shell), name });
    }
    for (const { client } of screens)
      await waitFor(async () => (await client.call<LinkView | null>('join:link'))?.state === 'connected', 'a screen linked to the hub');
  });
  after(async () => {
    for (const { client } of screens) client.close();
    for (const shell of shells) await shell.stop();
    await hub?.kill('SIGTERM');
    await sandbox?.close();
    child?.remove();
    for (const shell of shells) rmSync(shell.dataDir, { recursive: true, force: true });
    rmSync(hubDir, { recursive: true, force: true });
  });

  it("an order placed reaches the hub and both screens from the hub's one poll (no screen polls)", async () => {
    const placed = await order();
    for (const { client, name } of screens) await waitFor(() => heard(client, placed.id), `the order pushed to ${name}`);
    assert.equal((await hubBoard()).get(placed.id), 'PLACED');
    for (const { client } of screens) assert.equal((await screenBoard(client)).get(placed.id), 'PLACED');
    const events = (await sandboxEvents(sandbox)).filter((e) => e.orderId === placed.id);
    assert.deepEqual(
      events.map((e) => [e.code, e.deliveries]),
      [['PLC', 1]],
      'one poller, one delivery',
    );
    assert.equal(await hub.screens(), 2);
  });

  it('a confirm from a screen reaches the sandbox once, and every terminal sees it', async () => {
    const placed = await order();
    const [counter, kitchen] = screens;
    assert.ok(counter && kitchen);
    await waitFor(() => heard(counter.client, placed.id), 'the order on the counter screen');
    const acted = await counter.client.invoke('orders:act', { orderId: placed.id, action: 'confirm' });
    assert.ok(acted.ok, JSON.stringify(acted));
    for (const { client, name } of screens) await waitFor(() => heard(client, placed.id, 'CONFIRMED'), `confirmed on ${name}`);
    await waitFor(async () => (await hubBoard()).get(placed.id) === 'CONFIRMED', 'confirmed at the hub');
    assert.equal(await confirms(placed.id), 1);
  });

  it('the same order confirmed from both screens at once is confirmed once', async () => {
    const placed = await order();
    for (const { client } of screens) await waitFor(() => heard(client, placed.id), 'the order on both screens');
    const results = await Promise.all(screens.map(({ client }) => client.invoke('orders:act', { orderId: placed.id, action: 'confirm' })));
    assert.ok(
      results.every((r) => r.ok),
      JSON.stringify(results),
    );
    // One action in the hub's outbox, whose origin both screens hear: who did it.
    const entries = results.map((r) => (r.ok ? (r.value as OutboxEntry) : null));
    assert.equal(entries[0]?.id, entries[1]?.id);
    const by = entries[0]?.origin?.name;
    assert.ok(by && screens.some((s) => s.name === by), JSON.stringify(entries));
    assert.deepEqual(entries[1]?.origin, entries[0]?.origin);
    for (const { client, name } of screens) await waitFor(() => heard(client, placed.id, 'CONFIRMED'), `confirmed on ${name}`);
    await new Promise((resolve) => setTimeout(resolve, 1_500)); // a second poll: any duplicate would be out by now
    assert.equal(await confirms(placed.id), 1, 'one confirm reached the platform');
    assert.equal((await sandboxEvents(sandbox)).filter((e) => e.orderId === placed.id && e.code === 'CFM').length, 1);
    for (const { client, name } of screens) {
      const board = await client.invoke('orders:board', {});
      assert.ok(board.ok);
      assert.equal((board.value as Board).rows.find((r) => r.id === placed.id)?.confirmedFrom?.name, by, `${name} shows who confirmed it`);
    }
  });

  it('the hub killed mid-rush and restarted: both screens show it lost, then the same board; nothing lost, nothing sent twice', async () => {
    const before = await Promise.all([order(), order(), order()]);
    for (const { client } of screens) for (const o of before) await waitFor(() => heard(client, o.id), 'the rush on every screen');
    const [counter, kitchen] = screens;
    assert.ok(counter && kitchen);
    // Each screen confirms one; the hub has them in its outbox when it answers.
    const acted = await Promise.all([
      counter.client.invoke('orders:act', { orderId: before[0]?.id, action: 'confirm' }),
      kitchen.client.invoke('orders:act', { orderId: before[1]?.id, action: 'confirm' }),
    ]);
    assert.ok(
      acted.every((r) => r.ok),
      JSON.stringify(acted),
    );
    const during = order();
    await hub.kill('SIGKILL');
    for (const { client, name } of screens) await waitFor(() => lastLink(client)?.state === 'lost', `${name} says the hub is lost`);
    const lostBoard = await counter.client.invoke('orders:board');
    assert.equal(!lostBoard.ok && lostBoard.error.code, 'connection', 'nothing answers for the hub while it is down');
    const whileDown = [await during, await order()];

    await startHub(hub.port);
    for (const { client, name } of screens) await waitFor(() => lastLink(client)?.state === 'connected', `${name} linked again`, 40_000);
    const all = [...before, ...whileDown].map((o) => o.id);
    await waitFor(
      async () => {
        const board = await hubBoard();
        return all.every((id) => board.has(id)) && board.get(before[0]?.id ?? '') === 'CONFIRMED' && board.get(before[1]?.id ?? '') === 'CONFIRMED';
      },
      'the hub caught up: every order, both confirms',
      30_000,
    );
    const atHub = await hubBoard();
    for (const { client, name } of screens) {
      const board = await screenBoard(client);
      assert.deepEqual(
        all.map((id) => board.get(id)),
        all.map((id) => atHub.get(id)),
        `${name} shows the hub's board`,
      );
    }
    for (const id of all) assert.ok((await confirms(id)) <= 1, `order ${id} confirmed at most once`);
    assert.equal(await confirms(before[0]?.id ?? ''), 1);
    assert.equal(await confirms(before[1]?.id ?? ''), 1);
    const unacked = (await sandboxEvents(sandbox)).filter((e) => all.includes(e.orderId) && !e.acknowledged);
    await waitFor(
      async () => (await sandboxEvents(sandbox)).filter((e) => all.includes(e.orderId) && !e.acknowledged).length === 0,
      `every event acknowledged (${unacked.length} pending)`,
    );
  });

  it("a screen started with the platform's credentials in its flags and credential store makes no call to the platform", async () => {
    let requests = 0;
    const platform: Server = createServer((_req, res) => {
      requests++;
      res.writeHead(500).end();
    });
    await new Promise<void>((resolve) => platform.listen(0, '127.0.0.1', resolve));
    const screen = screens[1];
    assert.ok(screen);
    screen.client.close();
    await screen.shell.stop();
    const { port } = platform.address() as { port: number };
    const restarted = await startWebShell({
      dataDir: screen.shell.dataDir,
      args: ['--credential-store', 'file', '--api-base-url', `http://127.0.0.1:${port}`, '--client-id', 'demo', '--poll-interval', '1'],
      clientSecret: 'demo-secret',
    });
    shells.push(restarted);
    screen.shell = restarted;
    screen.client = await openShellClient(restarted);
    await waitFor(
      async () => (await screen.client.call<LinkView | null>('join:link'))?.state === 'connected',
      'the restarted screen linked, with no new pairing',
    );
    const placed = await order();
    await waitFor(() => heard(screen.client, placed.id), "it still hears the hub's orders");
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await new Promise<void>((resolve) => platform.close(() => resolve()));
    assert.equal(requests, 0, 'not one request to the platform');
  });

  it('a revoked screen is refused at once', async () => {
    const [counter] = screens;
    assert.ok(counter);
    const device = (await hub.devices()).find((d) => d.name === counter.name && d.revokedAt === null);
    assert.ok(device);
    await hub.revoke(device.id);
    await waitFor(() => lastLink(counter.client)?.state === 'refused', 'refused', 5_000);
    assert.equal(lastLink(counter.client)?.reason, 'revoked');
    const board = await counter.client.invoke('orders:board');
    assert.equal(!board.ok && board.error.code, 'connection');
    assert.equal(await hub.screens(), 1);
  });

  it('a device that did not pair, or shows a forged credential, gets nothing', async () => {
    const stranger = await rawScreen(hub.port);
    stranger.send({ channel: 'orders:board', id: 1, input: {} });
    assert.equal(await stranger.closed, CLOSE.NO_CREDENTIAL);
    const forger = await rawScreen(hub.port);
    forger.send({ deviceId: 'f'.repeat(32), secret: 'A'.repeat(43) });
    assert.equal(await forger.closed, CLOSE.UNKNOWN_DEVICE);
    for (const raw of [stranger, forger]) assert.deepEqual(raw.heard, [], 'not one message before the door closed');
  });
});
