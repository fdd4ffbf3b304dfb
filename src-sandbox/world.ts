import { SandboxClock } from './clock';
import { TokenIssuer, type Principal } from './auth/tokens';
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

  constructor(clock = new SandboxClock()) {
    this.clock = clock;
    this.tokens = new TokenIssuer(clock);
    this.seed();
  }

  reset(): void {
    this.clock.reset();
    this.tokens.reset();
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
