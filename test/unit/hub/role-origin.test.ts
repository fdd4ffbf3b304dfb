import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { z } from 'zod';
import { KitchenSetup } from '../../../src-shared/ipc/channels/kitchen';
import type { ActionOrigin } from '../../../src-shared/ipc/channels/screens';
import { ManualClock } from '../../../src-main/base/clock';
import { openBareDatabase } from '../../../src-main/db/database';
import { migrate } from '../../../src-main/db/migrate';
import { migrations } from '../../../src-main/db/orders/migrations/index';
import { IpcDispatcher, type CallOrigin, type Handlers } from '../../../src-main/ipc/dispatcher';
import { orderHandlers } from '../../../src-main/features/orders/handlers';
import { ConnectivityMonitor } from '../../../src-main/sync/connectivity';
import { SyncService } from '../../../src-main/sync/sync-service';
import { kitchenHarness, TWO_STATIONS } from '../../support/kitchen/harness';
import { FakeGateway, memoryStore, silentLogger } from '../../support/sync/fakes';

const KITCHEN: ActionOrigin = { id: 'a1b2c3d4e5f60718', name: 'Cozinha 1', kind: 'kitchen' };
const COUNTER: ActionOrigin = { id: 'f0e1d2c3b4a59687', name: 'Balcão 2', kind: 'counter' };

function setup() {
  const clock = new ManualClock();
  const gateway = new FakeGateway(clock);
  const db = memoryStore();
  const connectivity = new ConnectivityMonitor(clock);
  const sync = new SyncService({ db, gateway, clock, logger: silentLogger, connectivity, pollIntervalMs: 30_000, random: () => 0.5 });
  const handlers = orderHandlers({ db, outbox: sync.outbox, details: sync.details, gateway, clock, connectivity });
  return { clock, gateway, db, sync, handlers };
}

async function placed(ctx: ReturnType<typeof setup>): Promise<string> {
  const id = ctx.gateway.place();
  await ctx.sync.poller.round();
  return id;
}

describe('who did it: the origin of a call', () => {
  it("the dispatcher hands the handler the origin it was given, and null for this terminal's own windows", async () => {
    const seen: CallOrigin[] = [];
    const handlers = new Proxy({} as Handlers, {
      get: () => (_input: unknown, origin?: CallOrigin) => {
        seen.push(origin === undefined ? ('absent' as never) : origin);
        return {
          version: 'x',
          mode: 'setup',
          shell: 'web',
          apiBaseUrl: null,
          dataDir: '/d',
          pollIntervalSeconds: 0,
          connectivity: { state: 'connecting', lastSuccessAt: null, lastPollAt: null, reason: null },
          now: new Date(0).toISOString(),
        };
      },
    });
    const ipc = new IpcDispatcher(handlers, silentLogger);
    assert.ok((await ipc.invoke('status:get', {}, KITCHEN)).ok);
    assert.ok((await ipc.invoke('status:get', {})).ok);
    assert.deepEqual(seen, [KITCHEN, null]);
  });

  it("orders:act records the screen that queued the action, and this terminal's own as null", async () => {
    const ctx = setup();
    const first = await placed(ctx);
    const second = await placed(ctx);
    const fromKitchen = await ctx.handlers['orders:act']({ orderId: first, action: 'confirm' }, KITCHEN);
    assert.deepEqual(fromKitchen.origin, KITCHEN);
    assert.deepEqual(ctx.db.outbox.get(fromKitchen.id)?.origin_name, 'Cozinha 1');
    const fromHere = await ctx.handlers['orders:act']({ orderId: second, action: 'confirm' });
    assert.equal(fromHere.origin, null);
    assert.equal(ctx.db.outbox.get(fromHere.id)?.origin_id, null);
  });

  it("the same order confirmed on two screens at once is one action: the second screen hears the first one's", async () => {
    const ctx = setup();
    const id = await placed(ctx);
    const [a, b] = await Promise.all([
      ctx.handlers['orders:act']({ orderId: id, action: 'confirm' }, KITCHEN),
      ctx.handlers['orders:act']({ orderId: id, action: 'confirm' }, COUNTER),
    ]);
    assert.equal(a.id, b.id);
    assert.deepEqual(b.origin, KITCHEN);
    assert.equal(ctx.db.outbox.forOrder(id).length, 1);
    await ctx.sync.outbox.tick();
    assert.equal(ctx.gateway.count('act'), 1, 'the platform is asked once');
  });

  it('the board credits the confirm that did it, not one pressed on another screen once it was done', async () => {
    const ctx = setup();
    const id = await placed(ctx);
    ctx.sync.outbox.enqueue({ orderId: id, action: 'confirm' }, 'staff', undefined, KITCHEN);
    assert.deepEqual(ctx.db.board.rowsOf([id])[0]?.confirmedFrom, KITCHEN, 'shown while it is on its way');
    await ctx.sync.outbox.tick();
    await ctx.sync.poller.round();
    assert.equal(ctx.db.board.rowsOf([id])[0]?.status, 'CONFIRMED');
    // A second screen presses confirm on a stale board: recorded as already done, credit unchanged.
    const late = ctx.sync.outbox.enqueue({ orderId: id, action: 'confirm' }, 'staff', undefined, COUNTER);
    assert.equal(late.state, 'confirmed');
    assert.notEqual(late.id, ctx.db.outbox.forOrder(id)[0]?.id);
    const row = ctx.db.board.rowsOf([id])[0];
    assert.deepEqual(row?.confirmedFrom, KITCHEN);
    assert.equal(row?.confirmedBy, 'staff');
  });

  it('an order confirmed on this terminal shows no screen', async () => {
    const ctx = setup();
    const id = await placed(ctx);
    ctx.sync.outbox.enqueue({ orderId: id, action: 'confirm' });
    await ctx.sync.outbox.tick();
    await ctx.sync.poller.round();
    const row = ctx.db.board.rowsOf([id])[0];
    assert.equal(row?.confirmedFrom, null);
    assert.equal(row?.confirmedBy, 'staff');
  });

  it('the kitchen screen whose bump finished an order is the origin of its ready', async () => {
    const k = kitchenHarness();
    k.desk.saveSetup(KitchenSetup.parse(TWO_STATIONS));
    const id = await k.confirmed();
    assert.equal(k.desk.bump({ orderId: id, stationId: 'grill' }, COUNTER).finished, null);
    // Expo bumps what is left, the whole order: that bump finished it.
    const last = k.desk.bump({ orderId: id, stationId: null }, KITCHEN);
    assert.ok(last.finished?.actionId);
    assert.deepEqual(
      k.readies(id).map((r) => r.origin_name),
      ['Cozinha 1'],
    );
  });

  it('origin columns that do not read as a screen (a damaged row) show no screen rather than failing the board', async () => {
    const ctx = setup();
    const id = await placed(ctx);
    const entry = ctx.sync.outbox.enqueue({ orderId: id, action: 'confirm' }, 'staff', undefined, KITCHEN);
    ctx.db.db.prepare(`UPDATE outbox SET origin_name = '' WHERE id = ?`).run(entry.id);
    assert.equal(ctx.db.board.rowsOf([id])[0]?.confirmedFrom, null);
  });
});

describe('migration 0015-action-origin', () => {
  it("keeps a version-14 database's actions, each made on this terminal (no origin)", () => {
    const db = openBareDatabase(':memory:');
    migrate(
      db,
      migrations.filter((m) => m.version <= 14),
    );
    db.prepare(`INSERT INTO orders (id, status, status_rank, board_ms, updated_ms) VALUES ('o', 'PLACED', 10, 0, 0)`).run();
    db.prepare(`INSERT INTO outbox (order_id, action, state, next_attempt_ms, created_ms, updated_ms) VALUES ('o', 'confirm', 'sent', 0, 0, 0)`).run();
    migrate(db, migrations);
    const row = z
      .object({ origin_id: z.null(), origin_name: z.null(), origin_kind: z.null(), state: z.literal('sent') })
      .parse(db.prepare(`SELECT origin_id, origin_name, origin_kind, state FROM outbox`).get());
    assert.equal(row.state, 'sent');
    assert.throws(() => db.prepare(`UPDATE outbox SET origin_kind = 'toaster'`).run(), /CHECK constraint/);
    db.close();
  });
});
