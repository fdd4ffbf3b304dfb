import type { Clock } from '../../base/clock';

/**
 * How many pairing requests the hub answers per minute, from one address and from all of them.
 * The code's five tries already bound guessing; this bounds the work (each hello runs scrypt) a
 * device flooding the desk can make the hub do, and the memory its counts take.
 */
export const PER_ADDRESS_PER_MINUTE = 20;
export const ALL_PER_MINUTE = 120;
const MINUTE_MS = 60_000;

export class RequestBudget {
  private readonly byAddress = new Map<string, number[]>();
  private all: number[] = [];

  constructor(
    private readonly clock: Clock,
    private readonly perAddress = PER_ADDRESS_PER_MINUTE,
    private readonly overall = ALL_PER_MINUTE,
  ) {}

  /** Counts a request; when over budget it is not counted, and the answer says how long to wait. */
  take(address: string): { ok: true } | { ok: false; retryAfterMs: number } {
    const now = this.clock.now();
    const since = now - MINUTE_MS;
    this.all = this.all.filter((t) => t > since);
    for (const [key, times] of this.byAddress) {
      const kept = times.filter((t) => t > since);
      if (kept.length === 0) this.byAddress.delete(key);
      else this.byAddress.set(key, kept);
    }
    const mine = this.byAddress.get(address) ?? [];
    const full = mine.length >= this.perAddress ? mine : this.all.length >= this.overall ? this.all : null;
    if (full) return { ok: false, retryAfterMs: (full[0] ?? now) + MINUTE_MS - now };
    mine.push(now);
    this.all.push(now);
    this.byAddress.set(address, mine);
    return { ok: true };
  }
}
