import type { SandboxClock } from '../clock';

/** Delivery quotes, delivery-only orders (style B), driver requests and address changes. */
export class ShippingState {
  constructor(readonly clock: SandboxClock) {}

  /** Back to the seed state (called by World.reset). */
  reset(): void {}
}
