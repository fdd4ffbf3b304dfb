import type { StoreStatusSnapshot } from '../../../src-shared/ipc/channels/stores';
import type { SharedQueueSign, SharedQueueView } from '../../../src-shared/ipc/channels/shared-queue';
import type { Clock } from '../../base/clock';
import { Listeners } from '../../base/listeners';
import type { Logger } from '../../base/log';
import { Loop } from '../../base/loop';
import type { SharedQueueQuery } from '../../db/orders/shared-queue-query';

/**
 * The split-queue trap, named. The platform keeps one event queue per application (spec §6): an
 * event one poller acknowledges never reaches another. Two terminals of a store polling with one
 * credential each see about half the orders, and neither says so. What this terminal can see of it:
 *
 * - `foreign-stores`: events for stores it does not serve (it serves a list, and the queue brings
 *   others: another terminal serves them from this account, and reads this one's events too);
 * - `missed-events`: an order created while this terminal was polling that it knows only from a
 *   later event (confirmed, cancelled...), never from its PLACED: events are handed out oldest first
 *   and come back until acknowledged, so a PLACED that never came was acknowledged by someone else;
 * - `not-connected`: the platform calls a served store disconnected (no poll in 30 s) while this
 *   terminal polled it moments before.
 *
 * A sign is remembered for a while: a second terminal turned off (or paired as a screen) stops
 * making new ones, and the warning goes away on its own.
 */

/** How long a sign keeps the warning on screen after it was last seen. */
export const SIGN_MEMORY_MS = 30 * 60_000;
/** How often the order database is looked at besides each change of the orders. */
export const SHARED_QUEUE_CHECK_MS = 30_000;
/**
 * A status read this soon after a good poll must say connected (the platform's window is 30 s):
 * the margin covers the two clocks and the read's own time.
 */
export const POLLED_MOMENTS_AGO_MS = 20_000;

export interface SharedQueueWatchOptions {
  query: SharedQueueQuery;
  clock: Clock;
  logger: Logger;
  /** The stores this terminal serves now. */
  served: () => 'all' | readonly string[];
  /** This terminal's last good poll (epoch ms), null before the first. */
  lastPollAt: () => number | null;
}

interface Seen {
  at: number;
  stores: Set<string>;
}

export class SharedQueueWatch {
  private readonly loop: Loop;
  private readonly changed: Listeners<[SharedQueueView]>;
  private readonly signs = new Map<SharedQueueSign, Seen>();
  /** Orders known without their PLACED, and when that was seen. */
  private readonly missed = new Map<string, number>();
  /** This run's first good poll: orders created after it should have reached this terminal whole. */
  private pollingSince: number | null = null;
  /** Polls before this are an earlier run's (the last poll is kept across restarts). */
  private readonly startedAt: number;
  private cursor: number | null = null;
  /** What was last told (nothing suspected, at first): only a change is pushed. */
  private last: string;

  constructor(private readonly options: SharedQueueWatchOptions) {
    this.startedAt = options.clock.now();
    this.last = shownOf(this.view());
    this.changed = new Listeners('shared queue', options.logger);
    this.loop = new Loop({
      name: 'shared-queue watch',
      clock: options.clock,
      logger: options.logger,
      tick: async () => {
        this.check();
        return SHARED_QUEUE_CHECK_MS;
      },
    });
  }

  start(): void {
    // Events stored before this run are not this run's news.
    this.cursor ??= this.options.query.lastEventCursor();
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** A good poll (the connectivity says each one): the first of this run is where "should have seen it whole" starts. */
  polled(at: number): void {
    if (this.pollingSince === null && at >= this.startedAt) this.pollingSince = at;
  }

  /** Looks again soon (orders just changed: new events are stored); many changes at once make one look. */
  soon(): void {
    this.loop.wake();
  }

  onChanged(listener: (view: SharedQueueView) => void): () => void {
    return this.changed.add(listener);
  }

  /** Looks at the events stored since the last look. */
  check(): void {
    const { query, clock } = this.options;
    const now = clock.now();
    const polled = this.options.lastPollAt();
    if (polled !== null) this.polled(polled);
    const upTo = query.lastEventCursor();
    const after = this.cursor ?? upTo;
    this.cursor = upTo;
    const served = this.options.served();
    if (served !== 'all' && upTo > after) {
      const stores = query.foreignStores(after, upTo, served);
      if (stores.length > 0) this.saw('foreign-stores', stores, now);
    }
    if (this.pollingSince !== null) {
      const fresh = query.ordersWithoutStart(this.pollingSince).filter((o) => !this.missed.has(o.id));
      for (const order of fresh) this.missed.set(order.id, now);
      if (fresh.length > 0)
        this.saw(
          'missed-events',
          fresh.flatMap((o) => (o.merchantId ? [o.merchantId] : [])),
          now,
        );
    }
    this.publish();
  }

  /** A store's status as the platform read it: disconnected although this terminal polled moments before? */
  statusRead(snapshot: StoreStatusSnapshot): void {
    if (snapshot.checkedAt === null || snapshot.error !== null) return;
    const served = this.options.served();
    if (served !== 'all' && !served.includes(snapshot.merchantId)) return;
    const disconnected = snapshot.entries.some((entry) => entry.validations.some((v) => v.code === 'is-connected' && v.state === 'ERROR'));
    const polledAt = this.options.lastPollAt();
    const checkedAt = Date.parse(snapshot.checkedAt);
    if (!disconnected || polledAt === null || !(checkedAt - polledAt <= POLLED_MOMENTS_AGO_MS)) return;
    this.saw('not-connected', [snapshot.merchantId], this.options.clock.now());
    this.publish();
  }

  view(): SharedQueueView {
    const now = this.options.clock.now();
    const recent = [...this.signs].filter(([, seen]) => now - seen.at < SIGN_MEMORY_MS);
    const lastSeenAt = Math.max(...recent.map(([, seen]) => seen.at));
    return {
      suspected: recent.length > 0,
      signs: recent.map(([sign]) => sign).sort(),
      missedOrders: [...this.missed.values()].filter((at) => now - at < SIGN_MEMORY_MS).length,
      stores: [...new Set(recent.flatMap(([, seen]) => [...seen.stores]))].sort(),
      lastSeenAt: recent.length > 0 ? new Date(lastSeenAt).toISOString() : null,
    };
  }

  private saw(sign: SharedQueueSign, stores: readonly string[], now: number): void {
    const known = this.signs.get(sign);
    const fresh = !known || now - known.at >= SIGN_MEMORY_MS;
    this.signs.set(sign, { at: now, stores: new Set([...(fresh ? [] : (known?.stores ?? [])), ...stores]) });
    if (fresh) this.options.logger.warn("another poller seems to read this credential's events: orders are split between the terminals", { sign, stores });
  }

  /** Pushed when what the screen shows changes (a sign's time alone moving is no news). */
  private publish(): void {
    const view = this.view();
    const text = shownOf(view);
    if (text === this.last) return;
    this.last = text;
    this.changed.emit(view);
  }
}

/** What the screen shows of a view (a sign's time moving is no news). */
function shownOf(view: SharedQueueView): string {
  const { lastSeenAt: _ignored, ...shown } = view;
  return JSON.stringify(shown);
}
