import type { SandboxClock } from '../clock';

/** Categories, items, products, options, inventory and batches per store. */
export class CatalogState {
  constructor(readonly clock: SandboxClock) {}

  /** Back to the seed state (called by World.reset). */
  reset(): void {}
}
