/**
 * The sandbox's simulated clock: real time plus an offset that only grows. Every time rule (token
 * expiry, review publishing, confirmation deadlines, promotion processing) reads this clock, so a
 * test moves days forward with one control call instead of sleeping.
 */
export class SandboxClock {
  private offsetMs = 0;

  constructor(private readonly realNow: () => number = Date.now) {}

  now(): number {
    return this.realNow() + this.offsetMs;
  }

  nowIso(): string {
    return new Date(this.now()).toISOString();
  }

  advance(seconds: number): void {
    if (!Number.isFinite(seconds) || seconds < 0) throw new RangeError('advanceSeconds must be a non-negative number');
    this.offsetMs += seconds * 1000;
  }

  reset(): void {
    this.offsetMs = 0;
  }
}
