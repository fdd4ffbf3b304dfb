import type { SandboxClock } from '../clock';

/** Orders, their events (polling and acknowledgment), disputes and the order-side calls log. */
export class OrdersState {
  constructor(readonly clock: SandboxClock) {}

  /** Back to the seed state (called by World.reset). */
  reset(): void {}
}
