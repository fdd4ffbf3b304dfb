import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DEMO_RESTAURANT_ID } from '../../../src-sandbox/index';
import type { Board, OrdersChanged, OutboxEntry } from '../../../src-shared/ipc/channels/orders';
import { startApp, type App } from '../../../src-main/app/app';
import { systemClock } from '../../../src-main/base/clock';
import { silentLogger } from '../../../src-main/base/log';
import { loadConfig } from '../../../src-main/config/config';
import type { ContractEndpoint } from '../../../src-main/hub/contract';
import { startHubServer, type HubServer } from '../../../src-main/hub/link/hub-server';
import { RemoteEndpoint } from '../../../src-main/hub/link/remote-endpoint';
import { TEST_INSTANT, testClock } from '../../support/clock';
import { FakeDevices, FakePairingDesk, testHubIdentity } from '../../support/hub/fakes';
import { withSandbox } from '../../support/sandbox/sandbox';
import { createOrder, type Sandbox } from '../../support/sandbox/orders';
import { waitFor } from '../../support/sync/harness';

/** The real app as the hub, polling a sandbox; a screen linked to it over loopback TLS reads and acts through it. */
describe('a screen reads and acts through the hub app', () => {
  let sandbox: Sandbox;
  let dataDir: string;
  let app: App;
  let server: HubServer;
  let screen: RemoteEndpoint;
  const devices = new FakeDevices();
  const seen: { channel: unknown; origin: unknown }[] = [];

  before(async () => {
    sandbox = await withSandbox();
    dataDir = mkdtempSync(join(tmpdir(), 'st-hub-'));
    app = await startApp({
      config: loadConfig(
        [
          '--data-dir',
          dataDir,
          '--no-window',
          '--clock-at',
          TEST_INSTANT,
          '--api-base-url',
          sandbox.url,
          '--client-id',
          'demo',
          '--poll-interval',
          '1',
          '--credential-store',
          'file',
        ],
        { STORE_TERMINAL_CLIENT_SECRET: 'demo-secret' },
      ),
      shell: 'web',
      logger: silentLogger,
      version: 'test',
    });
    // The app as the hub serves it; the origin is recorded here until the app takes it itself.
    const endpoint: ContractEndpoint = {
      invoke: (channel, input, origin) => {
        seen.push({ channel, origin });
        return app.ipc.invoke(channel, input);
      },
      connect: (sink) => app.push.connect(sink),
    };
    const identity = await testHubIdentity();
    server = await startHubServer({
      identity,
      devices,
      pairing: new FakePairingDesk(),
      endpoint,
      logger: silentLogger,
      clock: testClock(),
      host: '127.0.0.1',
      port: 0,
    });
    const credential = devices.pair('Cozinha 1', 'kitchen');
    screen = new RemoteEndpoint({
      hub: () => ({ host: '127.0.0.1', port: server.port }),
      fingerprint: identity.fingerprint,
      credential,
      clock: systemClock,
      logger: silentLogger,
    });
    screen.start();
    await waitFor(() => screen.link().state === 'connected', 'the screen linked');
  });
  after(async () => {
    await screen.close();
    await server.close();
    await app.stop();
    await sandbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('hears a new order pushed, reads it on the board, and confirms it through the hub', async () => {
    const pushes: OrdersChanged[] = [];
    screen.connect((event, payload) => event === 'orders:changed' && pushes.push(payload as OrdersChanged));
    const order = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID, orderType: 'TAKEOUT' });
    await waitFor(() => pushes.some((p) => p.rows.some((r) => r.id === order.id && r.displayId === order.displayId)), 'the order pushed to the screen');

    const board = await screen.invoke('orders:board', {});
    assert.ok(board.ok, JSON.stringify(board));
    assert.ok((board.value as Board).rows.some((r) => r.id === order.id));
    assert.deepEqual(seen.at(-1), { channel: 'orders:board', origin: { id: [...devices.devices.keys()][0], name: 'Cozinha 1', kind: 'kitchen' } });

    const acted = await screen.invoke('orders:act', { orderId: order.id, action: 'confirm' });
    assert.ok(acted.ok, JSON.stringify(acted));
    const entry = acted.value as OutboxEntry;
    await waitFor(() => pushes.some((p) => p.rows.some((r) => r.id === order.id && r.status === 'CONFIRMED')), 'the confirm reached the sandbox and came back');
    assert.ok(pushes.some((p) => p.actions.some((a) => a.id === entry.id)));
  });

  it("never reaches the hub's account", async () => {
    const calls = seen.length;
    const state = await screen.invoke('setup:state', {});
    assert.equal(!state.ok && state.error.code, 'forbidden');
    assert.equal(seen.length, calls);
  });
});
