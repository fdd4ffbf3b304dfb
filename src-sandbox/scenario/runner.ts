import { SandboxError } from '../http/errors';
import { menuFor } from '../orders/menu';
import { FINAL_STATUSES, type OrderType } from '../orders/model';
import { placeOrder } from '../orders/platform';
import { SeededRandom } from '../orders/random';
import type { SeedStore } from '../seed/stores';
import type { World } from '../world';
import { progress, watchOf, type Watch } from './progress';
import type { Range, ScenarioProfile } from './profiles';
import { addScenarioReview } from './reviews';

/**
 * The scenario generator: keeps the demo stores busy. Each tick (a real, unref'd timer while
 * started; or called directly by tests after advancing the sandbox clock) places new orders of
 * mixed types when their time comes, moves orders along the platform's side, and adds reviews.
 */
export interface TickReport {
  ordersPlaced: string[];
  ordersMoved: number;
  reviewsAdded: string[];
}

export interface ScenarioOptions {
  /** Stores to keep busy; defaults to every store of the `demo` application. */
  merchantIds?: string[];
  seed?: number;
}

export class ScenarioRunner {
  private timer: NodeJS.Timeout | undefined;
  private readonly rng: SeededRandom;
  private readonly watches = new Map<string, Watch>();
  private nextOrderAt: number;
  private nextReviewAt: number;

  constructor(
    private readonly world: World,
    readonly profile: ScenarioProfile,
    private readonly options: ScenarioOptions = {},
  ) {
    this.rng = new SeededRandom(options.seed);
    const now = world.clock.now();
    this.nextOrderAt = now + profile.firstOrderMs;
    this.nextReviewAt = now + this.draw(profile.reviewEveryMs);
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.safeTick(), this.profile.tickMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  get running(): boolean {
    return this.timer !== undefined;
  }

  tick(): TickReport {
    const { world, profile } = this;
    world.orders.settle();
    const now = world.clock.now();
    const report: TickReport = { ordersPlaced: [], ordersMoved: 0, reviewsAdded: [] };
    const stores = this.stores();
    if (stores.length === 0) return report;
    // Catch up at most a few orders after a long pause (a clock jump must not flood the board).
    for (let i = 0; i < 3 && now >= this.nextOrderAt; i++) {
      const placed = this.placeOne(this.rng.pick(stores));
      if (placed) report.ordersPlaced.push(placed);
      this.nextOrderAt += this.draw(profile.orderEveryMs);
    }
    if (now >= this.nextOrderAt) this.nextOrderAt = now + this.draw(profile.orderEveryMs);
    const storeIds = new Set(stores.map((s) => s.id));
    for (const order of world.orders.orders.values()) {
      if (!storeIds.has(order.detail.merchant.id)) continue;
      if (FINAL_STATUSES.includes(order.detail.status)) {
        this.watches.delete(order.detail.id);
        continue;
      }
      const watch = watchOf(this.watches, order, now, this.rng, profile);
      if (this.attempt(() => progress(world.orders, order, watch, now, profile))) report.ordersMoved += 1;
    }
    if (now >= this.nextReviewAt) {
      const id = this.attempt(() => addScenarioReview(world, this.rng, this.rng.pick(stores).id));
      if (id) report.reviewsAdded.push(id);
      this.nextReviewAt = now + this.draw(profile.reviewEveryMs);
    }
    return report;
  }

  private stores(): SeedStore[] {
    const wanted = this.options.merchantIds;
    return [...this.world.stores.values()].filter((s) => (wanted ? wanted.includes(s.id) : s.owner === 'demo'));
  }

  private placeOne(store: SeedStore): string | undefined {
    const menu = menuFor(this.world.catalog, store.id);
    if (menu.length === 0) return undefined;
    // Only what the store offers: its operations (INDOOR is not offered by any store).
    const offers = store.operations.map((o) => o.name);
    const canDeliver = offers.includes('DELIVERY');
    const orderType: OrderType = offers.includes('TAKEOUT') && (!canDeliver || this.rng.chance(0.3)) ? 'TAKEOUT' : 'DELIVERY';
    const order = placeOrder(this.world.orders, store, {
      menu,
      orderType,
      deliveredBy: this.rng.chance(this.profile.platformShare) ? 'PLATFORM' : 'MERCHANT',
      orderTiming: this.rng.chance(this.profile.scheduledShare) ? 'SCHEDULED' : 'IMMEDIATE',
    });
    return order.detail.id;
  }

  /** A move the state no longer allows (the staff acted in between) is simply skipped. */
  private attempt<T>(move: () => T): T | undefined {
    try {
      return move();
    } catch (error) {
      if (error instanceof SandboxError) return undefined;
      throw error;
    }
  }

  private safeTick(): void {
    try {
      this.tick();
    } catch (error) {
      console.error(`sandbox scenario tick failed: ${(error as Error).message}`);
    }
  }

  private draw([min, max]: Range): number {
    return this.rng.int(min, max);
  }
}
