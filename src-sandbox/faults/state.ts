import { z } from 'zod';
import { SeededRandom } from '../orders/random';

/**
 * Fault injection for the API routes (never the control surface): latency, error answers, dropped
 * connections, duplicated and reordered events. Every decision comes from one seeded source, so a
 * run with a `seed` replays the same faults for the same sequence of requests.
 */
export const FaultConfig = z
  .object({
    /** Added to every API response. */
    latencyMs: z.number().int().min(0).max(60_000).default(0),
    /** Fraction of API requests answered `errorStatus` before anything is done. */
    errorRate: z.number().min(0).max(1).default(0),
    errorStatus: z.number().int().min(400).max(599).default(503),
    /** Fraction of API requests whose connection is destroyed without an answer. */
    dropRate: z.number().min(0).max(1).default(0),
    /**
     * `afterAction` (default): the request is fully handled (an action is applied), then the answer
     * is lost. `beforeAction`: the connection is dropped before anything is done.
     */
    dropMode: z.enum(['afterAction', 'beforeAction']).default('afterAction'),
    /** Fraction of polled events delivered twice in the same poll, the copy at a random place. */
    duplicateRate: z.number().min(0).max(1).default(0),
    /** Fraction of promotion items whose asynchronous processing fails with INTERNAL_ERROR (spec §7.3). */
    promotionErrorRate: z.number().min(0).max(1).default(0),
    seed: z
      .number()
      .int()
      .min(0)
      .max(2 ** 32 - 1)
      .optional(),
  })
  .strict();
export type FaultConfig = z.infer<typeof FaultConfig>;

const NONE: FaultConfig = FaultConfig.parse({});

export class FaultState {
  private current: FaultConfig = NONE;
  private rng = new SeededRandom();
  private dropListeners: ((request: unknown) => void)[] = [];

  get config(): FaultConfig {
    return this.current;
  }

  /** Replaces the whole configuration (fields left out go back to "no fault"). */
  set(config: FaultConfig): void {
    this.current = config;
    this.rng = new SeededRandom(config.seed);
  }

  reset(): void {
    this.set(NONE);
  }

  get active(): boolean {
    const c = this.current;
    return c.latencyMs > 0 || c.errorRate > 0 || c.dropRate > 0 || c.duplicateRate > 0;
  }

  shouldFail(): boolean {
    return this.rng.chance(this.current.errorRate);
  }

  shouldFailPromotion(): boolean {
    return this.rng.chance(this.current.promotionErrorRate);
  }

  shouldDrop(mode: FaultConfig['dropMode']): boolean {
    return this.current.dropMode === mode && this.rng.chance(this.current.dropRate);
  }

  /** The poll's batch with some items delivered twice, each copy at a random place; at most `limit`. */
  duplicate<T>(items: readonly T[], limit: number): T[] {
    const rate = this.current.duplicateRate;
    if (rate <= 0) return [...items];
    const out = [...items];
    for (const item of items) {
      if (this.rng.chance(rate)) out.splice(this.rng.int(0, out.length), 0, item);
    }
    return out.slice(0, limit);
  }

  /** Someone (the order calls log) wants to know about answers that were never sent. */
  onDrop(listener: (request: unknown) => void): void {
    this.dropListeners.push(listener);
  }

  notifyDrop(request: unknown): void {
    for (const listener of this.dropListeners) listener(request);
  }
}
