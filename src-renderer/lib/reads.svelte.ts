import { SvelteMap, SvelteSet } from 'svelte/reactivity';
import type { ErrorInfo } from '../../src-shared/errors';
import type { IpcResult } from '../../src-shared/ipc/contract';

/**
 * One read the screen shows the progress of: running, done once, and its last failure. The read
 * asked last owns it: an answer that comes back after a newer run (or a reset) started is dropped,
 * so a slow answer for the store shown before never lands on the store shown now.
 */
export class Read {
  #loading = $state(false);
  #loaded = $state(false);
  #error = $state<ErrorInfo | null>(null);
  #ticket = 0;

  get loading(): boolean {
    return this.#loading;
  }
  get loaded(): boolean {
    return this.#loaded;
  }
  get error(): ErrorInfo | null {
    return this.#error;
  }

  /** Forgets what was read (another store is shown); a run still out is dropped when it answers. */
  reset(): void {
    this.#ticket++;
    this.#loading = false;
    this.#loaded = false;
    this.#error = null;
  }

  /**
   * Runs the call; resolves to its value, or undefined when it failed (then `error` says why) or
   * when a newer run started meanwhile (then that run says what the screen shows).
   */
  async run<T>(call: () => Promise<IpcResult<T>>): Promise<T | undefined> {
    const ticket = ++this.#ticket;
    this.#loading = true;
    let result: IpcResult<T>;
    try {
      result = await call();
    } finally {
      if (ticket === this.#ticket) this.#loading = false;
    }
    if (ticket !== this.#ticket) return undefined;
    if (!result.ok) {
      this.#error = result.error;
      return undefined;
    }
    this.#error = null;
    this.#loaded = true;
    return result.value;
  }
}

/**
 * A value read per key (a store's pauses or week of hours, a dish's add-ons, an order's promoted
 * lines), with each key's last read failure. The read asked last for a key owns that key.
 */
export class KeyedReads<T> {
  readonly #values = new SvelteMap<string, T>();
  readonly #errors = new SvelteMap<string, ErrorInfo>();
  readonly #running = new SvelteSet<string>();
  /** The ticket of the read asked last per key (bookkeeping, never shown). */
  readonly #tickets: Record<string, number> = {};
  #ticket = 0;

  /** Some key is being read. */
  get loading(): boolean {
    return this.#running.size > 0;
  }
  loadingOf(key: string): boolean {
    return this.#running.has(key);
  }
  of(key: string): T | undefined {
    return this.#values.get(key);
  }
  errorOf(key: string): ErrorInfo | undefined {
    return this.#errors.get(key);
  }

  set(key: string, value: T): void {
    this.#values.set(key, value);
    this.#errors.delete(key);
  }

  async load<R>(key: string, call: () => Promise<IpcResult<R>>, toValue: (read: R) => T): Promise<void> {
    const ticket = ++this.#ticket;
    this.#tickets[key] = ticket;
    this.#running.add(key);
    let result: IpcResult<R>;
    try {
      result = await call();
    } finally {
      if (this.#tickets[key] === ticket) this.#running.delete(key);
    }
    if (this.#tickets[key] !== ticket) return;
    if (result.ok) this.set(key, toValue(result.value));
    else this.#errors.set(key, result.error);
  }
}
