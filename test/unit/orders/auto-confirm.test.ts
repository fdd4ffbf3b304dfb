import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import { Settings } from '../../../src-shared/settings';
import { ManualClock } from '../../../src-main/base/clock';
import { AutoConfirmer, autoConfirmStores } from '../../../src-main/sync/auto-confirm';
import { SyncService } from '../../../src-main/sync/sync-service';
import { FakeGateway, MERCHANT, memoryStore, silentLogger } from '../../support/sync/fakes';

const T0 = Date.parse('2026-11-24T15:00:00Z');
const OTHER = 'e5d41f63-5e7c-4b8a-8f30-4b5c6d7e8f94';

function setUp(settings: Partial<Settings>) {
  const clock = new ManualClock(T0);
  const db = memoryStore();
  const sync = new SyncService({ db, gateway: new FakeGateway(clock), clock, logger: silentLogger, pollIntervalMs: 30_000 });
  const auto = new AutoConfirmer({ db, outbox: sync.outbox, feed: sync.feed, clock, logger: silentLogger, settings: () => Settings.parse(settings) });
  const place = (o: { merchant?: string; timing?: string; start?: number; detail?: boolean } = {}): string => {
    const id = randomUUID();
    const merchantId = o.merchant ?? MERCHANT;
    sync.ingest.apply([{ id: randomUUID(), code: 'PLC', fullCode: 'PLACED', orderId: id, merchantId, createdAt: new Date(T0).toISOString() }]);
    if (o.detail !== false) {
      const detail = {
        id,
        status: 'PLACED',
        orderTiming: o.timing ?? 'IMMEDIATE',
        createdAt: new Date(T0).toISOString(),
        merchant: { id: merchantId },
        ...(o.start ? { preparationStartDateTime: new Date(o.start).toISOString() } : {}),
      };
      db.write(() => db.orders.saveDetail(id, detail, T0));
    }
    return id;
  };
  const confirms = (id: string) => db.outbox.forOrder(id).filter((a) => a.action === 'confirm');
  return { clock, db, auto, place, confirms };
}

describe('auto-confirm', () => {
  it('confirms a PLACED order of a store with auto-confirm on, once, marked auto on its card', () => {
    const t = setUp({ autoConfirm: [MERCHANT] });
    const id = t.place();
    assert.deepEqual(t.auto.sweep(), [id]);
    assert.deepEqual(t.auto.sweep(), [], 'a second look sends nothing more');
    assert.equal(t.confirms(id).length, 1);
    assert.equal(t.confirms(id)[0]?.actor, 'auto');
    assert.equal(t.db.board.rowsOf([id])[0]?.confirmedBy, 'auto');
  });

  it('never confirms: another store, a store not served, an order whose detail (scheduled or not) is unknown, a scheduled order before its start', async () => {
    const t = setUp({ autoConfirm: [MERCHANT, OTHER], stores: [OTHER] });
    assert.deepEqual(autoConfirmStores(Settings.parse({ autoConfirm: [MERCHANT, OTHER], stores: [OTHER] })), [OTHER]);
    const notServed = t.place({ merchant: MERCHANT });
    const unknown = t.place({ merchant: OTHER, detail: false });
    const later = t.place({ merchant: OTHER, timing: 'SCHEDULED', start: T0 + 3600_000 });
    assert.deepEqual(t.auto.sweep(), []);
    for (const id of [notServed, unknown, later]) assert.equal(t.confirms(id).length, 0);
    await t.clock.advance(3600_000);
    assert.deepEqual(t.auto.sweep(), [later], 'at its start a scheduled order is confirmed');
  });

  it('is off by default', () => {
    const t = setUp({});
    const id = t.place();
    assert.deepEqual(t.auto.sweep(), []);
    assert.equal(t.confirms(id).length, 0);
  });
});
