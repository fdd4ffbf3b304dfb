import { SandboxClock } from './clock';
import { AuthorizationDesk } from './auth/authorizations';
import { TokenIssuer, type Principal } from './auth/tokens';
import { CatalogState } from './catalog/state';
import { FaultState } from './faults/state';
import { AutoClosure } from './merchant/auto-closure';
import { MerchantOpsState } from './merchant/ops-state';
import { PENALTY_PAUSE_DESCRIPTION, PENALTY_PAUSE_MS } from './orders/penalties';
import { OrdersState } from './orders/state';
import { PromotionsState } from './promotions/state';
import { ReviewsState } from './reviews/state';
import { ShippingState } from './shipping/state';
import { seedCatalog } from './seed/catalog';
import { BRANCH_TEMPLATE_ID, chainBranch } from './seed/chain-branches';
import { seedOpeningHours } from './seed/opening-hours';
import { seedApplications, seedStores, type SeedApplication, type SeedStore } from './seed/stores';

/**
 * The sandbox's whole state. Each module keeps its records here; `reset()` puts the world back to
 * its seed, so tests and demos start from the same known state.
 */
export class World {
  readonly clock: SandboxClock;
  readonly tokens: TokenIssuer;
  /** User codes, authorization codes and the stores merchants authorized distributed apps for. */
  readonly authorizations: AuthorizationDesk;
  applications = new Map<string, SeedApplication>();
  stores = new Map<string, SeedStore>();
  /** Last event poll per application (epoch ms of the sandbox clock). */
  lastPollAt = new Map<string, number>();
  /** Last event poll that covered each store: drives the store's `is-connected` validation. */
  lastPollByStore = new Map<string, number>();
  readonly orders: OrdersState;
  readonly shipping: ShippingState;
  readonly merchantOps: MerchantOpsState;
  readonly reviews: ReviewsState;
  readonly promotions: PromotionsState;
  readonly catalog: CatalogState;
  /** The platform's automatic closure of overloaded stores (off unless asked for). */
  readonly autoClosure: AutoClosure;
  /** Fault injection for the API routes; back to "no fault" whenever the world resets. */
  readonly faults = new FaultState();

  constructor(clock = new SandboxClock(), options: { userCodeSeconds?: number; autoClosure?: boolean } = {}) {
    this.clock = clock;
    this.tokens = new TokenIssuer(clock);
    this.authorizations = new AuthorizationDesk(clock, options.userCodeSeconds);
    this.shipping = new ShippingState(clock);
    this.merchantOps = new MerchantOpsState(clock);
    this.reviews = new ReviewsState(clock);
    this.catalog = new CatalogState(clock);
    // Its checks are jobs on the orders' timeline (read at call time: a reset replaces the timeline).
    this.autoClosure = new AutoClosure(clock, (dueMs, job) => this.orders.timeline.schedule(dueMs, job), options.autoClosure);
    // Spec §7.3 INTERNAL_ERROR: promotion processing fails when fault injection says so.
    this.promotions = new PromotionsState(clock, () => this.faults.shouldFailPromotion());
    this.orders = new OrdersState(clock, {
      // A store's running promotions discount the lines of its new orders (and their virtual bag).
      promotionFor: (merchantId, ean, line) => this.promotions.discountFor(merchantId, ean, line, (e) => this.catalog.lookupEan(merchantId, e)),
      audienceOf: (merchantId) => this.audienceOf(merchantId),
      usesSmartPreparation: (merchantId) => this.merchantOps.features(merchantId).smartPreparation,
      penalize: (merchantId, atMs) => {
        if (!this.merchantOps.hasActivePlatformPause(merchantId, atMs)) {
          this.merchantOps.addPlatformPause(merchantId, PENALTY_PAUSE_DESCRIPTION, atMs, atMs + PENALTY_PAUSE_MS);
        }
      },
      observe: (order, event) => this.autoClosure.observe(order, event),
    });
    this.seed();
  }

  reset(): void {
    this.clock.reset();
    this.tokens.reset();
    this.authorizations.reset();
    this.lastPollAt = new Map();
    this.lastPollByStore = new Map();
    for (const module of [this.orders, this.shipping, this.merchantOps, this.reviews, this.promotions, this.catalog, this.autoClosure, this.faults])
      module.reset();
    this.seed();
  }

  private seed(): void {
    this.applications = new Map(seedApplications.map((a) => [a.clientId, { ...a }]));
    this.stores = new Map(seedStores.map((s) => [s.id, structuredClone(s)]));
  }

  /**
   * Makes sure the demo application has branches 1 to `count` of its chain (seed/chain-branches.ts):
   * the ones missing are added with the flagship's menu and hours, the ones there are kept as they
   * are. Returns branches 1 to `count`. A reset takes them all away.
   */
  addBranches(count: number): SeedStore[] {
    const branches: SeedStore[] = [];
    for (let n = 1; n <= count; n++) {
      const branch = chainBranch(n);
      const existing = this.stores.get(branch.id);
      if (existing) {
        branches.push(existing);
        continue;
      }
      this.stores.set(branch.id, branch);
      this.catalog.adopt(branch.id, seedCatalog(branch.id, BRANCH_TEMPLATE_ID));
      this.merchantOps.replaceShifts(branch.id, seedOpeningHours[BRANCH_TEMPLATE_ID] ?? []);
      branches.push(branch);
    }
    return branches;
  }

  /**
   * The stores a token may touch. A token without a scope (client credentials) reaches the stores its
   * application owns; a scoped token (authorization code) reaches the stores of its scope that the
   * application owns or that their merchant authorized it for, whoever owns them.
   */
  storesOf(principal: Principal): SeedStore[] {
    return [...this.stores.values()].filter((s) => this.reaches(principal, s));
  }

  canAccess(principal: Principal, merchantId: string): boolean {
    const store = this.stores.get(merchantId);
    return store !== undefined && this.reaches(principal, store);
  }

  private reaches(principal: Principal, store: SeedStore): boolean {
    if (!principal.merchantIds) return store.owner === principal.clientId;
    if (!principal.merchantIds.includes(store.id)) return false;
    return store.owner === principal.clientId || this.authorizations.isGranted(principal.clientId, store.id);
  }

  /** Applications that receive a store's order events: its owner and the apps its merchant authorized. */
  audienceOf(merchantId: string): string[] {
    const owner = this.stores.get(merchantId)?.owner;
    return [...(owner ? [owner] : []), ...this.authorizations.granteesOf(merchantId)];
  }

  /** An event poll: the application, and every store its token covers, count as connected now. */
  recordPoll(principal: Principal): void {
    const now = this.clock.now();
    this.lastPollAt.set(principal.clientId, now);
    for (const store of this.storesOf(principal)) this.lastPollByStore.set(store.id, now);
  }
}
