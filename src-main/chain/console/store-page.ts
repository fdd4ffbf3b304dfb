import type { StorePage } from '../../../src-shared/console/console-api';
import type { Clock } from '../../base/clock';
import type { ConsoleSession } from '../db/chain-console';
import type { readStorePage } from '../db/console-store-page';
import type { WallFeed } from './wall-feed';

export interface StorePagesOptions {
  wall: Pick<WallFeed, 'read'>;
  read: (storeId: string, now: number) => ReturnType<typeof readStorePage>;
  clock: Clock;
}

/** A store's page on the console: its wall row, its open orders and latest events — for a session that may see the store. */
export class StorePages {
  constructor(private readonly options: StorePagesOptions) {}

  /** Null when the store is unknown or outside the session's groups (said alike: a store's existence is not told). */
  async page(session: Pick<ConsoleSession, 'stores'>, storeId: string): Promise<StorePage | null> {
    if (session.stores !== null && !session.stores.includes(storeId)) return null;
    const [wall, board] = await Promise.all([this.options.wall.read([storeId]), this.options.read(storeId, this.options.clock.now())]);
    const store = wall.stores.find((s) => s.storeId === storeId);
    return store ? { store, ...board } : null;
  }
}
