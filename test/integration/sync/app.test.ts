import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DEMO_RESTAURANT_ID } from '../../../src-sandbox/index';
import type { Board, OrdersChanged, OutboxEntry } from '../../../src-shared/ipc/channels/orders';
import { startApp, type App } from '../../../src-main/app/app';
import { loadConfig } from '../../../src-main/config/config';
import { silentLogger } from '../../../src-main/base/log';
import { DATABASE_FILE } from '../../../src-main/db/database';
import { TEST_INSTANT } from '../../support/clock';
import { withSandbox } from '../../support/sandbox/sandbox';
import { createOrder, type Sandbox } from '../../support/sandbox/orders';
import { waitFor } from '../../support/sync/harness';

/** The whole main process (startApp, IPC, pushes) with the order sync against a sandbox it did not start. */
describe('the app keeps its order board', () => {
  let sandbox: Sandbox;
  let dataDir: string;
  before(async () => {
    sandbox = await withSandbox();
    dataDir = mkdtempSync(join(tmpdir(), 'st-app-'));
  });
  after(async () => {
    await sandbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const start = (): Promise<App> =>
    startApp({
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

  const board = async (app: App): Promise<Board> => {
    const result = await app.ipc.invoke('orders:board', {});
    assert.ok(result.ok, JSON.stringify(result));
    return result.value as Board;
  };

  it('pushes new orders and action states, and shows the same board after a restart', async () => {
    let app = await start();
    const pushes: OrdersChanged[] = [];
    app.push.connect((event, payload) => event === 'orders:changed' && pushes.push(payload as OrdersChanged));
    const order = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID, orderType: 'TAKEOUT' });
    await waitFor(() => pushes.some((p) => p.rows.some((r) => r.id === order.id && r.displayId === order.displayId)), 'the order pushed with its detail');

    const acted = await app.ipc.invoke('orders:act', { orderId: order.id, action: 'confirm' });
    assert.ok(acted.ok, JSON.stringify(acted));
    const entry = acted.value as OutboxEntry;
    await waitFor(() => pushes.some((p) => p.actions.some((a) => a.id === entry.id && a.state === 'confirmed')), 'the confirm pushed as confirmed');
    await waitFor(() => pushes.some((p) => p.rows.some((r) => r.id === order.id && r.status === 'CONFIRMED')), 'the row pushed as CONFIRMED');

    const refused = await app.ipc.invoke('orders:act', { orderId: order.id, action: 'explode' });
    assert.equal(!refused.ok && refused.error.code, 'bad-input');

    const before = await board(app);
    await app.stop();
    app = await start();
    try {
      const afterRestart = await board(app);
      assert.deepEqual(afterRestart.rows, before.rows);
      const detail = await app.ipc.invoke('orders:detail', { orderId: order.id });
      assert.ok(detail.ok);
      assert.equal((detail.value as { actions: OutboxEntry[] }).actions[0]?.state, 'confirmed');
    } finally {
      await app.stop();
    }
  });

  it('starts without orders on a damaged database, says so on the orders channels, and leaves the file alone', async () => {
    const damagedDir = mkdtempSync(join(tmpdir(), 'st-damaged-'));
    mkdirSync(damagedDir, { recursive: true });
    const file = join(damagedDir, DATABASE_FILE);
    const garbage = Buffer.from('not a database '.repeat(500));
    writeFileSync(file, garbage);
    const app = await startApp({
      config: loadConfig(
        [
          '--data-dir',
          damagedDir,
          '--no-window',
          '--clock-at',
          TEST_INSTANT,
          '--api-base-url',
          sandbox.url,
          '--client-id',
          'demo',
          '--credential-store',
          'file',
        ],
        { STORE_TERMINAL_CLIENT_SECRET: 'demo-secret' },
      ),
      shell: 'web',
      logger: silentLogger,
      version: 'test',
    });
    try {
      const stores = await app.ipc.invoke('stores:list', {});
      assert.ok(stores.ok, 'the rest of the app works');
      const result = await app.ipc.invoke('orders:board', {});
      assert.equal(!result.ok && result.error.code, 'storage');
      assert.match(!result.ok ? result.error.message : '', /damaged/);
    } finally {
      await app.stop();
    }
    assert.deepEqual(readFileSync(file), garbage);
    rmSync(damagedDir, { recursive: true, force: true });
  });
});
