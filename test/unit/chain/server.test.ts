import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { ManualClock, systemClock } from '../../../src-main/base/clock';
import { silentLogger } from '../../../src-main/base/log';
import { loadHubIdentity } from '../../../src-main/hub/trust/identity';
import { startChainServer, type ChainStore } from '../../../src-main/app/chain-server';
import { FakeBus, FakeDevices, FakeLease, FakeOrders, FakeOutbox, FakeStores, noStaffOnChain } from '../../support/chain/fakes';
import { FakeGateway } from '../../support/sync/fakes';
import { StoreOutboxDb } from '../../../src-main/db/store-outbox/store-outbox-db';
import type { ChainApi } from '../../../src-main/feature-kit/feature';
import type { PgChainConsole } from '../../../src-main/chain/db/chain-console';
import type { PgConsoleDirectory } from '../../../src-main/chain/db/console-directory';
import type { PgStoreBusyMode } from '../../../src-main/chain/db/store-busy-mode';
import type { PgStoreRatings } from '../../../src-main/chain/db/store-ratings';
import type { PgChainReports } from '../../../src-main/chain/db/chain-reports';
import { sqliteStoreActions } from '../../../src-main/sync/store-actions-storage';
import { sqliteScheduledActions } from '../../../src-main/sync/scheduled-actions-storage';
import { sqlitePromotionStatuses } from '../../../src-main/sync/promotion-statuses-storage';
import { sqliteDeliveryOrders } from '../../../src-main/sync/delivery-orders-storage';

const dataDir = mkdtempSync(join(tmpdir(), 'chain-server-'));
after(() => rmSync(dataDir, { recursive: true, force: true }));

describe('chain server replica', () => {
  it('leads, answers health, readiness and metrics on the admin port, and releases its lease on a clean stop', async () => {
    const lease = new FakeLease(systemClock);
    let ready: { ok: true } | { ok: false; reason: string } = { ok: true };
    const store: ChainStore = {
      lease,
      orders: new FakeOrders(lease),
      outbox: new FakeOutbox(),
      devices: new FakeDevices(),
      bus: new FakeBus(),
      stores: new FakeStores(),
      storeActions: () => sqliteStoreActions(StoreOutboxDb.open(':memory:')),
      scheduledActions: () => sqliteScheduledActions(StoreOutboxDb.open(':memory:')),
      promotionStatuses: sqlitePromotionStatuses(StoreOutboxDb.open(':memory:')),
      deliveryOrders: sqliteDeliveryOrders(StoreOutboxDb.open(':memory:')),
      // No console on this replica: only its presence is written (test/integration/chain/console.test.ts has the console).
      console: { presence: async () => {}, wall: async () => [] } as unknown as PgChainConsole,
      reports: { rollUp: async () => 0 } as unknown as PgChainReports,
      directory: {} as PgConsoleDirectory,
      storePage: async () => ({ orders: [], events: [] }),
      busyMode: { minutes: async () => new Map(), read: async () => ({ on: false, minutes: 15 }), write: async () => {} } as unknown as PgStoreBusyMode,
      rushRows: async () => ({ open: [], recent: [] }),
      ...(noStaffOnChain as unknown as Pick<ChainStore, 'staff' | 'trail'>),
      ratings: { claim: async () => [], write: async () => {} } as unknown as PgStoreRatings,
      ready: async () => ready,
      close: async () => {},
    };
    const identity = await loadHubIdentity({ dataDir, name: 'Rede', clock: systemClock, logger: silentLogger });
    const server = await startChainServer({
      store,
      gateway: new FakeGateway(new ManualClock()),
      api: { merchant: { listStores: async () => [], getStatus: async () => [] } } as unknown as ChainApi,
      credential: 'client-1',
      holder: 'replica-a',
      identity,
      listen: { host: '127.0.0.1', port: 0 },
      admin: { host: '127.0.0.1', port: 0 },
      pollIntervalMs: 30_000,
      clock: systemClock,
      logger: silentLogger,
    });
    try {
      const get = (path: string) => fetch(`http://127.0.0.1:${server.adminPort}${path}`);
      assert.equal((await get('/healthz')).status, 200);
      assert.equal((await get('/readyz')).status, 200);
      ready = { ok: false, reason: 'migrations not done' };
      const notReady = await get('/readyz');
      assert.equal(notReady.status, 503);
      assert.match(await notReady.text(), /migrations not done/);
      for (let i = 0; i < 50 && lease.row?.holder !== 'replica-a'; i++) await new Promise((r) => setTimeout(r, 20));
      const metrics = await (await get('/metrics')).text();
      assert.match(metrics, /chain_is_leader 1/);
      assert.match(metrics, /chain_leader\{holder="replica-a",token="1"\} 1/);
      assert.match(metrics, /chain_outbox_depth 0/);
      assert.equal((await get('/nothing')).status, 404);
    } finally {
      await server.close();
    }
    assert.ok(lease.calls.includes('release replica-a'));
    assert.equal(await lease.current(), null);
  });
});
