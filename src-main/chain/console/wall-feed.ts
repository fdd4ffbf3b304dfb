import type { Wall } from '../../../src-shared/console/console-api';
import type { RushStore } from '../../../src-shared/ipc/channels/rush';
import type { StoreStatusSnapshot } from '../../../src-shared/ipc/channels/stores';
import type { Clock } from '../../base/clock';
import type { Logger } from '../../base/log';
import { Loop } from '../../base/loop';
import type { PgChainConsole } from '../db/chain-console';
import { statusWall } from './status-wall';

/** Between two reads of the wall while someone watches it: a change shows within this, or at once when told. */
export const WALL_EVERY_MS = 1_000;
/** How often a replica writes its connected terminals; a replica silent three times as long counts none. */
export const PRESENCE_EVERY_MS = 5_000;

export interface WallSources {
  db: Pick<PgChainConsole, 'wall' | 'presence'>;
  statusOf(storeId: string): StoreStatusSnapshot | undefined;
  lastPollAt(): Promise<number | null>;
  /** This replica's connected terminals per store. */
  screens(): ReadonlyMap<string, number>;
  /** The printers out on this replica's connected terminals, per store (none when not given). */
  printersOut?: () => ReadonlyMap<string, number>;
  /** A store's rush gauge as this replica last read it (calm when not given). */
  rushOf?: (storeId: string) => RushStore | undefined;
  holder: string;
  clock: Clock;
  logger: Logger;
}

interface Watcher {
  stores: readonly string[] | null;
  send(wall: Wall): void;
  last?: string;
}

/**
 * The status wall pushed to the consoles signed in on this replica: read once a second while anyone
 * watches (one query for every store, each watcher given its own stores), sooner when told a store
 * changed; a watcher hears a wall only when its part changed. The replica's presence (its terminals
 * per store) is written alongside, so every replica's wall counts every replica's terminals.
 */
export class WallFeed {
  private readonly watchers = new Set<Watcher>();
  private readonly loop: Loop;
  private readonly presenceLoop: Loop;
  private presenceNews = false;

  constructor(private readonly sources: WallSources) {
    this.loop = new Loop({ name: 'status-wall', clock: sources.clock, logger: sources.logger, tick: () => this.round() });
    this.presenceLoop = new Loop({
      name: 'console-presence',
      clock: sources.clock,
      logger: sources.logger,
      tick: async () => {
        const news = this.presenceNews;
        this.presenceNews = false;
        await sources.db.presence(sources.holder, sources.clock.now(), { screens: sources.screens(), printersOut: sources.printersOut?.() ?? new Map() });
        // A printer's news shows on this replica's own wall at once (the others read theirs every second).
        if (news) this.changed();
        return PRESENCE_EVERY_MS;
      },
    });
  }

  start(): void {
    this.loop.start();
    this.presenceLoop.start();
  }

  async stop(): Promise<void> {
    await this.loop.stop();
    await this.presenceLoop.stop();
  }

  /** A terminal here said something of its printers: this replica's presence is written now, not at its next round. */
  presenceChanged(): void {
    this.presenceNews = true;
    this.presenceLoop.wake();
  }

  /** Something a wall shows changed (an order, a store's status): read again now. */
  changed(): void {
    if (this.watchers.size > 0) this.loop.wake();
  }

  watch(stores: readonly string[] | null, send: (wall: Wall) => void): () => void {
    const watcher: Watcher = { stores, send };
    this.watchers.add(watcher);
    this.loop.wake();
    return () => this.watchers.delete(watcher);
  }

  /** The wall now, for the stores given (null: every store). */
  async read(stores: readonly string[] | null): Promise<Wall> {
    const { db, clock, statusOf, lastPollAt } = this.sources;
    const now = clock.now();
    const [records, lastPoll] = await Promise.all([db.wall(now, now - 3 * PRESENCE_EVERY_MS, stores), lastPollAt()]);
    return statusWall(records, statusOf, now, lastPoll, this.sources.rushOf);
  }

  private async round(): Promise<number> {
    if (this.watchers.size === 0) return 60_000;
    const everyStore = await this.read(null);
    for (const watcher of this.watchers) {
      const scope = watcher.stores === null ? null : new Set(watcher.stores);
      const wall = scope === null ? everyStore : { ...everyStore, stores: everyStore.stores.filter((s) => scope.has(s.storeId)) };
      // `at` moves every second; a watcher hears only what changed in its stores.
      const fingerprint = JSON.stringify({ ...wall, at: null });
      if (fingerprint === watcher.last) continue;
      watcher.last = fingerprint;
      watcher.send(wall);
    }
    return WALL_EVERY_MS;
  }
}
