import type { Handlers } from '../../ipc/dispatcher';
import { onlineBudget } from '../../ipc/online-budget';
import type { KitchenDesk } from './kitchen-desk';
import type { KitchenMenu } from './kitchen-menu';

export type KitchenChannel =
  'kitchen:board' | 'kitchen:bump' | 'kitchen:recall' | 'kitchen:categories' | 'kitchen:saveSetup' | 'kitchen:mark' | 'kitchen:speed';

/** The kitchen's channels: the tickets and bumps from the order database, the menu's categories from the catalog. */
export function kitchenHandlers(desk: KitchenDesk, menu: Pick<KitchenMenu, 'categories'>): Pick<Handlers, KitchenChannel> {
  return {
    'kitchen:board': () => desk.board(),
    'kitchen:bump': (input, origin) => desk.bump(input, origin ?? null),
    'kitchen:recall': ({ stationId }) => desk.recall(stationId),
    'kitchen:categories': () => menu.categories(onlineBudget()),
    'kitchen:saveSetup': (setup) => desk.saveSetup(setup),
    'kitchen:mark': (input) => desk.mark(input),
    'kitchen:speed': (input) => desk.speed(input),
  };
}
