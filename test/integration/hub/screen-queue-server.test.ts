import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DEMO_RESTAURANT_ID } from '../../../src-sandbox/index';
import type { JoinOutcome, LinkView } from '../../../src-shared/ipc/channels/join';
import { QUEUED_ON_SCREEN, type Board, type OrderDetailView, type OrdersChanged, type OutboxEntry } from '../../../src-shared/ipc/channels/orders';
import type { SetupState } from '../../../src-shared/ipc/channels/setup';
import { buildHubChild, startHubProcess, type HubProcess } from '../../support/hub/process';
import { withSandbox } from '../../support/sandbox/sandbox';
import { createOrder, type Sandbox } from '../../support/sandbox/orders';
import { openShellClient, type ShellClient } from '../../support/shells/shell-client';
import { callsOf } from '../../support/sync/check';
import { waitFor } from '../../support/sync/harness';
import { ROOT, startWebShell, type RunningShell } from '../../support/shells/web-shell';

/**
 * A store terminal of a chain's server keeps working when the internet is bad. The server is played
 * by a store's hub process started to say it is one (HUB_ROLE=server: its card and every `ready`
 * say `server`), the terminal by a built web shell paired to it. The link is cut by killing the
 * server; a confirm made meanwhile waits on the terminal with its idempotency key; the server comes
 * back and the confirm reaches the sandbox once — also when the terminal itself was restarted while
 * it waited.
 */
const built = existsSync(join(ROOT, 'out', 'main', 'web.js'));

describe('a store terminal of a chain server, cut off and back', { skip: built ? false : 'run `npm run build` first' }, () => {
  let sandbox: Sandbox;
  let child: Awaited<ReturnType<typeof buildHubChild>>;
  let server: HubProcess;
  let shell: RunningShell;
  let client: ShellClient;
  const serverDir = mkdtempSync(join(tmpdir(), 'st-chain-server-'));
  const startServer = async (port = 0): Promise<HubProcess> =>
    (server = await startHubProcess({
      entry: child.entry,
      sandboxUrl: sandbox.url,
      dataDir: serverDir,
      clockAt: sandbox.world.clock.nowIso(),
      port,
      role: 'server',
    }));

  const lastLink = (): LinkView | undefined => client.pushes.filter((p) => p.event === 'join:link').at(-1)?.payload as LinkView | undefined;
  const heard = (orderId: string, status?: string): boolean =>
    client.pushes.some(
      (p) => p.event === 'orders:changed' && (p.payload as OrdersChanged).rows.some((r) => r.id === orderId && (status === undefined || r.status === status)),
    );
  const confirms = async (orderId: string): Promise<number> =>
    (await callsOf(sandbox, orderId)).filter((c) => c.route === 'POST /orders/{id}/confirm' && c.status === 202).length;
  const order = () => createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID, orderType: 'TAKEOUT' });
  const actionsAtServer = async (orderId: string): Promise<OutboxEntry[]> => {
    const detail = await server.invoke<OrderDetailView>('orders:detail', { orderId });
    assert.ok(detail.ok, JSON.stringify(detail));
    return detail.value.actions;
  };
  /** The server goes away (the store's internet is cut), and the terminal says so. */
  const cut = async (): Promise<void> => {
    await server.kill('SIGKILL');
    await waitFor(() => lastLink()?.state === 'lost', 'the terminal says the server is lost');
  };
  const back = async (): Promise<void> => {
    await startServer(server.port);
    await waitFor(() => lastLink()?.state === 'connected', 'the terminal linked again', 40_000);
  };
  const confirmOffline = async (orderId: string): Promise<OutboxEntry> => {
    const acted = await client.invoke<OutboxEntry>('orders:act', { orderId, action: 'confirm' });
    assert.ok(acted.ok, JSON.stringify(acted));
    assert.equal(acted.value.state, 'queued');
    assert.equal(acted.value.reason?.reason, QUEUED_ON_SCREEN, 'it waits on this terminal, for the server');
    assert.ok(acted.value.id < 0);
    return acted.value;
  };
  const confirmedOnce = async (orderId: string): Promise<void> => {
    // The board read after the link is back waits until what waited reached the server.
    const board = await client.invoke<Board>('orders:board', {});
    assert.ok(board.ok, JSON.stringify(board));
    const row = board.value.rows.find((r) => r.id === orderId);
    assert.ok(
      row?.status === 'CONFIRMED' || (row?.pendingAction?.action === 'confirm' && row.pendingAction.id > 0),
      `the board read after the link is back holds the confirm: ${JSON.stringify(row)}`,
    );
    await waitFor(async () => (await confirms(orderId)) === 1, 'the confirm reached the platform', 30_000);
    await waitFor(() => heard(orderId, 'CONFIRMED'), 'the terminal hears it confirmed');
    await new Promise((resolve) => setTimeout(resolve, 2_500)); // two more polls and outbox rounds: any second send would be out by now
    assert.equal(await confirms(orderId), 1, 'one confirm reached the platform');
    assert.equal((await actionsAtServer(orderId)).filter((a) => a.action === 'confirm').length, 1, "one action in the server's outbox");
  };

  before(async () => {
    sandbox = await withSandbox();
    child = await buildHubChild();
    await startServer();
    shell = await startWebShell({ args: ['--credential-store', 'file'] });
    const first = await openShellClient(shell);
    const outcome = await first.call<JoinOutcome>('join:pair', {
      target: { via: 'address', address: `127.0.0.1:${server.port}` },
      code: await server.code(),
      kind: 'counter',
      name: 'Loja Centro — balcão',
    });
    assert.equal(outcome.outcome, 'paired', JSON.stringify(outcome));
    first.close();
    client = await openShellClient(shell);
    await waitFor(async () => (await client.call<LinkView | null>('join:link'))?.state === 'connected', 'the terminal linked to the server');
  });
  after(async () => {
    client?.close();
    await shell?.stop();
    await server?.kill('SIGTERM');
    await sandbox?.close();
    child?.remove();
    if (shell) rmSync(shell.dataDir, { recursive: true, force: true });
    rmSync(serverDir, { recursive: true, force: true });
  });

  it('the terminal learnt at pairing that it is a screen of a server', async () => {
    const state = await client.call<SetupState>('setup:state');
    assert.equal(state.screen?.hubRole, 'server');
  });

  it('a confirm made while the server is out of reach waits on the terminal, and reaches the platform once when it is back', async () => {
    const placed = await order();
    await waitFor(() => heard(placed.id), 'the order on the terminal');
    await cut();
    const entry = await confirmOffline(placed.id);
    assert.ok(
      client.pushes.some((p) => p.event === 'orders:changed' && (p.payload as OrdersChanged).actions.some((a) => a.id === entry.id && a.state === 'queued')),
      "the terminal's windows hear it waits",
    );
    // Pressed twice: still one action waiting.
    const again = await client.call<OutboxEntry>('orders:act', { orderId: placed.id, action: 'confirm' });
    assert.equal(again.id, entry.id);
    // Whatever needs the server's answer says the link is down.
    const reasons = await client.invoke('orders:cancellationReasons', { orderId: placed.id });
    assert.equal(!reasons.ok && reasons.error.code, 'connection');
    assert.equal(await confirms(placed.id), 0);

    await back();
    await confirmedOnce(placed.id);
  });

  it('a terminal restarted while a confirm waits sends it once when the server is back', async () => {
    const placed = await order();
    await waitFor(() => heard(placed.id), 'the order on the terminal');
    await cut();
    await confirmOffline(placed.id);
    client.close();
    await shell.stop();
    shell = await startWebShell({ dataDir: shell.dataDir, args: ['--credential-store', 'file'] });
    client = await openShellClient(shell);
    assert.equal(lastLink(), undefined);
    await waitFor(async () => (await client.call<LinkView | null>('join:link'))?.state === 'lost', 'the restarted terminal cannot reach the server');
    await back();
    await confirmedOnce(placed.id);
  });
});
