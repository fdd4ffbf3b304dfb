import type { SandboxClock } from '../clock';

/** Reviews and their answers, with the status machine of spec §3.1. */
export class ReviewsState {
  constructor(readonly clock: SandboxClock) {}

  /** Back to the seed state (called by World.reset). */
  reset(): void {}
}
