import { SandboxClock } from './clock';
import { TokenIssuer, type Principal } from './auth/tokens';
import { CatalogState } from './catalog/state';
import { MerchantOpsState } from './merchant/ops-state';
import { OrdersState } from './orders/state';
import { PromotionsState } from './promotions/state';
import { ReviewsState } from './reviews/state';
import { ShippingState } from './shipping/state';
import { seedApplications, seedStores, type SeedApplication, type SeedStore } from './seed/stores';

/**
 * The sandbox's whole state. Each module keeps its records here; `reset()` puts the world back to
 * its seed, so tests and demos start from the same known state.
 */
export class World {
  readonly clock: SandboxClock;
  readonly tokens: TokenIssuer;
  applications = new Map<string, SeedApplication>();
  stores = new Map<string, SeedStore>();
  /** Last event poll per application (epoch ms of the sandbox clock): drives `is-connected`. */
  lastPollAt = new Map<string, number>();
  readonly orders: OrdersState;
  readonly shipping: ShippingState;
  readonly merchantOps: MerchantOpsState;
  readonly reviews: ReviewsState;
  readonly promotions: PromotionsState;
  readonly catalog: CatalogState;

  constructor(clock = new SandboxClock()) {
    this.clock = clock;
    this.tokens = new TokenIssuer(clock);
    this.orders = new OrdersState(clock);
    this.shipping = new ShippingState(clock);
    this.merchantOps = new MerchantOpsState(clock);
    this.reviews = new ReviewsState(clock);
    this.promotions = new PromotionsState(clock);
    this.catalog = new CatalogState(clock);
    // A store's running promotions discount the lines of its new orders (and their virtual bag).
    this.orders.promotionFor = (merchantId, ean, line) =>
      this.promotions.discountFor(merchantId, ean, line, (e) => this.catalog.lookupEan(merchantId, e));
    this.seed();
  }

  reset(): void {
    this.clock.reset();
    this.tokens.reset();
    this.lastPollAt = new Map();
    for (const module of [this.orders, this.shipping, this.merchantOps, this.reviews, this.promotions, this.catalog]) module.reset();
    this.seed();
  }

  private seed(): void {
    this.applications = new Map(seedApplications.map((a) => [a.clientId, { ...a }]));
    this.stores = new Map(seedStores.map((s) => [s.id, structuredClone(s)]));
  }

  /** The stores a token may touch: its own authorization scope, or every store of its application. */
  storesOf(principal: Principal): SeedStore[] {
    const all = [...this.stores.values()].filter((s) => s.owner === principal.clientId);
    return principal.merchantIds ? all.filter((s) => principal.merchantIds?.includes(s.id)) : all;
  }

  canAccess(principal: Principal, merchantId: string): boolean {
    const store = this.stores.get(merchantId);
    if (!store || store.owner !== principal.clientId) return false;
    return !principal.merchantIds || principal.merchantIds.includes(merchantId);
  }
}
