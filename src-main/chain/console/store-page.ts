import type { StoreBusyMode, StorePage } from '../../../src-shared/console/console-api';
import type { Clock } from '../../base/clock';
import type { ConsoleSession, PgChainConsole } from '../db/chain-console';
import type { readStorePage } from '../db/console-store-page';
import type { PgStoreBusyMode } from '../db/store-busy-mode';
import type { ConsoleRefusal } from './console-directory';
import type { WallFeed } from './wall-feed';

export interface StorePagesOptions {
  wall: Pick<WallFeed, 'read'>;
  read: (storeId: string, now: number) => ReturnType<typeof readStorePage>;
  busyMode: Pick<PgStoreBusyMode, 'read' | 'write'>;
  db: Pick<PgChainConsole, 'record'>;
  clock: Clock;
}

const NOT_YOURS: ConsoleRefusal = { refused: 'not-found', message: 'no such store among yours' };

/** A store's page on the console: its wall row, its open orders and latest events, its busy mode — for a session that may see the store. */
export class StorePages {
  constructor(private readonly options: StorePagesOptions) {}

  /** Null when the store is unknown or outside the session's groups (said alike: a store's existence is not told). */
  async page(session: Pick<ConsoleSession, 'stores'>, storeId: string): Promise<StorePage | null> {
    if (session.stores !== null && !session.stores.includes(storeId)) return null;
    const [wall, board, busyMode] = await Promise.all([
      this.options.wall.read([storeId]),
      this.options.read(storeId, this.options.clock.now()),
      this.options.busyMode.read(storeId),
    ]);
    const store = wall.stores.find((s) => s.storeId === storeId);
    return store ? { store, ...board, busyMode } : null;
  }

  /** Busy mode on or off for a store, and its minutes: an owner, or the store's area manager; recorded like every console action. */
  async setBusyMode(session: ConsoleSession, storeId: string, mode: StoreBusyMode): Promise<StoreBusyMode | ConsoleRefusal> {
    const { busyMode, db, clock } = this.options;
    if (!(await this.known(session, storeId))) return NOT_YOURS;
    const refusal: ConsoleRefusal | null = session.role === 'viewer' ? { refused: 'forbidden', message: 'a viewer sees the stores and acts on none' } : null;
    if (!refusal) await busyMode.write(storeId, mode, session.login, clock.now());
    const outcome = refusal ? `refused: ${refusal.message}` : mode.on ? 'on' : 'off';
    await db.record({ atMs: clock.now(), login: session.login, action: 'busy-mode', stores: [storeId], outcome, detail: { minutes: String(mode.minutes) } });
    return refusal ?? busyMode.read(storeId);
  }

  /** Whether the session may see the store: known to the wall, and in its groups. */
  async known(session: Pick<ConsoleSession, 'stores'>, storeId: string): Promise<boolean> {
    if (session.stores !== null && !session.stores.includes(storeId)) return false;
    return (await this.options.wall.read([storeId])).stores.some((s) => s.storeId === storeId);
  }
}
