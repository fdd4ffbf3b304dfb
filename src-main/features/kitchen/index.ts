import { Loop } from '../../base/loop';
import { sessionFeature } from '../../feature-kit/feature';
import { kitchenHandlers } from './handlers';
import { KitchenDesk } from './kitchen-desk';
import { KitchenMenu } from './kitchen-menu';

/** Bumps of orders closed this long ago are forgotten; the check runs this often. */
const PRUNE_EVERY_MS = 3600_000;

/**
 * The kitchen's screens (kitchen display, expo, pickup board): tickets of the orders the kitchen
 * works on, split by station from the menu's categories, bumped and recalled by cooks; every change
 * is pushed to every screen (`kitchen:changed`), and so is every change the sync commits to those
 * orders. The last station's bump marks the order ready through the orders outbox.
 */
export const kitchenFeature = sessionFeature({
  name: 'kitchen',
  channels: ['kitchen:board', 'kitchen:bump', 'kitchen:recall', 'kitchen:categories', 'kitchen:saveSetup', 'kitchen:mark', 'kitchen:speed'],
  start: ({ api, clock, logger, push, settings, orders }) => {
    const { db, sync } = orders();
    const log = logger.child({ room: 'kitchen' });
    const menu: KitchenMenu = new KitchenMenu({
      db,
      catalog: api.catalog,
      merchant: api.merchant,
      served: () => settings().stores,
      clock,
      logger: log,
      changed: () => desk.publish(db.read(() => db.kitchen.orderIds())),
    });
    const desk = new KitchenDesk({ db, outbox: sync.outbox, clock, push, logger: log, unknownItem: (merchantId) => menu.unknownItem(merchantId) });
    // Its first round runs at start: what a day-old service left is forgotten then.
    const pruning = new Loop({ name: 'kitchen prune', clock, logger: log, tick: () => Promise.resolve((desk.prune(), PRUNE_EVERY_MS)) });
    const unsubscribe = sync.feed.onChange((change) => desk.publish(change.rows.map((row) => row.id)));
    return {
      handlers: kitchenHandlers(desk, menu),
      services: [menu, pruning],
      stop: unsubscribe,
    };
  },
});
