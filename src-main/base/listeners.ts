import type { Logger } from './log';

/**
 * The subscribers of one kind of news (an order changed, a store action moved, the link came back).
 * A listener that throws is logged and the others are still told: one broken screen push must never
 * keep the print queue or the next listener from hearing of a confirmed order.
 */
export class Listeners<Args extends unknown[]> {
  private readonly set = new Set<(...args: Args) => void>();

  constructor(
    private readonly what: string,
    private readonly logger: Pick<Logger, 'warn'>,
  ) {}

  get size(): number {
    return this.set.size;
  }

  /** Adds a listener; returns the function that removes it. */
  add(listener: (...args: Args) => void): () => void {
    this.set.add(listener);
    return () => this.set.delete(listener);
  }

  emit(...args: Args): void {
    for (const listener of [...this.set]) {
      try {
        listener(...args);
      } catch (error) {
        this.logger.warn(`${this.what} listener failed`, { error });
      }
    }
  }
}
