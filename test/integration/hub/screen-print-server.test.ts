import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DEMO_RESTAURANT_ID } from '../../../src-sandbox/index';
import type { JoinOutcome, LinkView } from '../../../src-shared/ipc/channels/join';
import type { OrdersChanged, OutboxEntry } from '../../../src-shared/ipc/channels/orders';
import type { PrintStatus } from '../../../src-shared/ipc/channels/print';
import type { Settings } from '../../../src-shared/settings';
import { startFakePrinter, type FakePrinter } from '../../support/print/fake-printer';
import { buildHubChild, startHubProcess, type HubProcess } from '../../support/hub/process';
import { withSandbox } from '../../support/sandbox/sandbox';
import { createOrder, type Sandbox } from '../../support/sandbox/orders';
import { openShellClient, type ShellClient } from '../../support/shells/shell-client';
import { waitFor } from '../../support/sync/harness';
import { ROOT, startWebShell, type RunningShell } from '../../support/shells/web-shell';

/**
 * Tickets print at the store. A store terminal of a chain's server (a built web shell paired to a
 * hub process started with HUB_ROLE=server) has its own network printer, set through its own
 * channels; a confirm made on it reaches the platform through the server, and its kitchen ticket
 * comes out of the terminal's printer once. A screen of a store's hub (the same shell, paired to a
 * hub that says it is a terminal) prints nothing, even with a printer left in its file: its hub prints.
 */
const built = existsSync(join(ROOT, 'out', 'main', 'web.js'));

const kitchenPrinter = (port: number) => ({ id: 'kitchen', name: 'Cozinha', connection: { kind: 'network', host: '127.0.0.1', port }, tickets: ['kitchen'] });

describe('tickets print at a store terminal of a chain server, never at a screen of a store hub', { skip: built ? false : 'run `npm run build` first' }, () => {
  let sandbox: Sandbox;
  let child: Awaited<ReturnType<typeof buildHubChild>>;
  let printer: FakePrinter;
  const running: { hub: HubProcess; shell: RunningShell; client: ShellClient; dir: string }[] = [];

  /** A hub process (a server or a store's hub) and a web shell paired to it; `before` runs on the shell while it is still a first run. */
  const pairedTo = async (role: 'server' | undefined, beforePairing?: (client: ShellClient) => Promise<void>) => {
    const dir = mkdtempSync(join(tmpdir(), 'st-print-hub-'));
    const hub = await startHubProcess({
      entry: child.entry,
      sandboxUrl: sandbox.url,
      dataDir: dir,
      clockAt: sandbox.world.clock.nowIso(),
      ...(role ? { role } : {}),
    });
    const shell = await startWebShell({ args: ['--credential-store', 'file'] });
    const first = await openShellClient(shell);
    await beforePairing?.(first);
    const outcome = await first.call<JoinOutcome>('join:pair', {
      target: { via: 'address', address: `127.0.0.1:${hub.port}` },
      code: await hub.code(),
      kind: 'counter',
      name: 'Loja Centro — balcão',
    });
    assert.equal(outcome.outcome, 'paired', JSON.stringify(outcome));
    first.close();
    const client = await openShellClient(shell);
    await waitFor(async () => (await client.call<LinkView | null>('join:link'))?.state === 'connected', 'the terminal linked to its hub');
    running.push({ hub, shell, client, dir });
    return { hub, shell, client };
  };
  const heard = (client: ShellClient, orderId: string, status: string): boolean =>
    client.pushes.some((p) => p.event === 'orders:changed' && (p.payload as OrdersChanged).rows.some((r) => r.id === orderId && r.status === status));
  const confirmOn = async (client: ShellClient): Promise<string> => {
    const placed = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID, orderType: 'TAKEOUT' });
    await waitFor(() => heard(client, placed.id, 'PLACED'), 'the order on the terminal');
    const acted = await client.invoke<OutboxEntry>('orders:act', { orderId: placed.id, action: 'confirm' });
    assert.ok(acted.ok, JSON.stringify(acted));
    await waitFor(() => heard(client, placed.id, 'CONFIRMED'), 'the terminal hears it confirmed', 30_000);
    return placed.id;
  };

  before(async () => {
    sandbox = await withSandbox();
    child = await buildHubChild();
    printer = await startFakePrinter();
  });
  after(async () => {
    for (const { hub, shell, client, dir } of running) {
      client.close();
      await shell.stop();
      await hub.kill('SIGTERM').catch(() => {});
      rmSync(shell.dataDir, { recursive: true, force: true });
      rmSync(dir, { recursive: true, force: true });
    }
    await printer?.close();
    await sandbox?.close();
    child?.remove();
  });

  it('a store terminal of a server sets its own printer and prints an order confirmed on it, once', async () => {
    const { client, hub } = await pairedTo('server');
    const settings = await client.call<Settings>('settings:update', { printers: [kitchenPrinter(printer.port)] });
    assert.equal(settings.printers[0]?.id, 'kitchen', "the printer is the terminal's own setting");
    assert.equal((await client.call<Settings>('settings:get')).printers.length, 1, "read back over the server's settings");
    const hubSettings = await hub.invoke<Settings>('settings:get', {});
    assert.ok(hubSettings.ok && hubSettings.value.printers.length === 0, 'nothing was set at the server');
    // The printer's test page goes from the terminal itself.
    assert.deepEqual(await client.call('print:test', { printer: kitchenPrinter(printer.port) }), { printed: true });
    await waitFor(() => printer.jobs.length === 1, 'the test page');

    const orderId = await confirmOn(client);
    await waitFor(() => printer.jobs.length === 2, 'the kitchen ticket printed at the terminal', 30_000);
    const ticket = printer.jobs[1]?.toString('latin1') ?? '';
    assert.ok(/COZINHA|KITCHEN/i.test(ticket), ticket);
    await new Promise((r) => setTimeout(r, 2_500)); // more pushes of the order (polls, its detail): none prints it again
    assert.equal(printer.jobs.length, 2, `one ticket for ${orderId}`);
    const status = await client.call<PrintStatus>('print:status');
    assert.deepEqual(
      status.printers.map((p) => ({ id: p.id, state: p.state, waiting: p.waiting })),
      [{ id: 'kitchen', state: 'ok', waiting: 0 }],
    );
  });

  it("a screen of a store hub prints nothing, and its printers stay the hub's", async () => {
    const before = printer.jobs.length;
    // One poller per credential: the server of the first case goes before the store's hub polls the same account.
    for (const { hub } of running) await hub.kill('SIGTERM');
    // A printer left in the file from before the pairing (set while it was a first run).
    const { client } = await pairedTo(undefined, async (first) => {
      await first.call('settings:update', { printers: [kitchenPrinter(printer.port)] });
    });
    const refused = await client.invoke('settings:update', { printers: [] });
    assert.equal(!refused.ok && refused.error.code, 'forbidden', 'printers are set at the hub');
    assert.equal((await client.call<Settings>('settings:get')).printers.length, 0, "the hub's printers (none)");
    assert.deepEqual((await client.call<PrintStatus>('print:status')).printers, [], "the hub's print status");
    await confirmOn(client);
    await new Promise((r) => setTimeout(r, 2_500));
    assert.equal(printer.jobs.length, before, 'no ticket from a screen of a store hub');
  });
});
