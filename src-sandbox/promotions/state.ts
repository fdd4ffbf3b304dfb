import type { SandboxClock } from '../clock';

/** Promotion requests and items, with the async status machine of spec §3.2. */
export class PromotionsState {
  constructor(readonly clock: SandboxClock) {}

  /** Back to the seed state (called by World.reset). */
  reset(): void {}
}
