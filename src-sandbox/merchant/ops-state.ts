import type { SandboxClock } from '../clock';

/** Per-store operation state: interruptions, opening hours, catalog and delivery-area switches. */
export class MerchantOpsState {
  constructor(readonly clock: SandboxClock) {}

  /** Back to the seed state (called by World.reset). */
  reset(): void {}
}
