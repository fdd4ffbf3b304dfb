import { ManualClock } from '../../../src-main/base/clock';
import { KitchenDesk } from '../../../src-main/features/kitchen/kitchen-desk';
import { SyncService } from '../../../src-main/sync/sync-service';
import type { KitchenChanged } from '../../../src-shared/ipc/channels/kitchen';
import { FakeGateway, MERCHANT, memoryStore, silentLogger } from '../sync/fakes';

/** The menu the kitchen tests split by: a grill, drinks, and a dish of a category no station takes. */
export const MENU = [
  { id: 'cat-grill', name: 'Grelhados', items: [{ itemId: 'item-burger', externalCode: 'BUR-1', categoryId: 'cat-grill', name: 'Burger' }] },
  { id: 'cat-drinks', name: 'Bebidas', items: [{ itemId: 'item-soda', externalCode: 'SOD-1', categoryId: 'cat-drinks', name: 'Soda' }] },
  { id: 'cat-desserts', name: 'Sobremesas', items: [{ itemId: 'item-cake', externalCode: 'CAK-1', categoryId: 'cat-desserts', name: 'Cake' }] },
];

/** An order's lines: two burgers with bacon and a note, a soda, a cake (a category of no station). */
export const LINES = [
  {
    index: 1,
    id: 'item-burger',
    uniqueId: 'line-burger',
    name: 'Burger',
    externalCode: 'BUR-1',
    quantity: 2,
    unitPrice: 30,
    observations: 'sem cebola',
    options: [{ name: 'Bacon', quantity: 2, price: 8 }],
  },
  { index: 2, id: 'item-soda', uniqueId: 'line-soda', name: 'Soda', externalCode: 'SOD-1', quantity: 1, unitPrice: 7, options: [] },
  { index: 3, id: 'item-cake', uniqueId: 'line-cake', name: 'Cake', externalCode: 'CAK-1', quantity: 1, unitPrice: 12, options: [] },
];

export const TWO_STATIONS = {
  stations: [
    { id: 'grill', name: 'Chapa', categories: ['cat-grill'] },
    { id: 'drinks', name: 'Bebidas', categories: ['cat-drinks'] },
  ],
};

/** A kitchen over an order database fed by a fake platform, its pushes kept. */
export function kitchenHarness() {
  const clock = new ManualClock();
  const gateway = new FakeGateway(clock);
  const db = memoryStore();
  const sync = new SyncService({ db, gateway, clock, logger: silentLogger, pollIntervalMs: 30_000, random: () => 0.5 });
  const pushes: KitchenChanged[] = [];
  const desk = new KitchenDesk({
    db,
    outbox: sync.outbox,
    clock,
    logger: silentLogger,
    push: { push: (event, payload) => void (event === 'kitchen:changed' && pushes.push(payload as KitchenChanged)) },
  });
  sync.feed.onChange((change) => desk.publish(change.rows.map((r) => r.id)));
  db.write(() => db.kitchen.replaceMenu(MERCHANT, 'Cantina', MENU, clock.now()));

  /** A confirmed order with these lines (the platform confirmed it now), stored as the sync stores it. */
  const confirmed = async (detail: Record<string, unknown> = {}): Promise<string> => {
    const id = gateway.place({ orderType: (detail.orderType as string | undefined) ?? 'TAKEOUT' });
    Object.assign(gateway.details.get(id) as object, { items: structuredClone(LINES) }, detail);
    await sync.poller.round();
    sync.outbox.enqueue({ orderId: id, action: 'confirm' });
    await sync.outbox.tick();
    await sync.poller.round();
    return id;
  };
  /** The ready actions of an order in the outbox. */
  const readies = (orderId: string) => db.outbox.forOrder(orderId).filter((a) => a.action === 'readyToPickup');
  return { clock, gateway, db, sync, desk, pushes, confirmed, readies };
}
