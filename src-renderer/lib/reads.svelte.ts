import { SvelteMap } from 'svelte/reactivity';
import type { ErrorInfo } from '../../src-shared/errors';
import type { IpcResult } from '../../src-shared/ipc/contract';

/** One read the screen shows the progress of: running, done once, and its last failure. */
export class Read {
  #loading = $state(false);
  #loaded = $state(false);
  #error = $state<ErrorInfo | null>(null);

  get loading(): boolean {
    return this.#loading;
  }
  get loaded(): boolean {
    return this.#loaded;
  }
  get error(): ErrorInfo | null {
    return this.#error;
  }

  /** Runs the call; resolves to its value, or undefined when it failed (then `error` says why). */
  async run<T>(call: () => Promise<IpcResult<T>>): Promise<T | undefined> {
    this.#loading = true;
    const result = await call();
    this.#loading = false;
    if (!result.ok) {
      this.#error = result.error;
      return undefined;
    }
    this.#error = null;
    this.#loaded = true;
    return result.value;
  }
}

/** A value read per store (its pauses, its week of hours), with each store's last read failure. */
export class PerStoreReads<T> {
  readonly #values = new SvelteMap<string, T>();
  readonly #errors = new SvelteMap<string, ErrorInfo>();
  #loading = $state(false);

  get loading(): boolean {
    return this.#loading;
  }
  of(merchantId: string): T | undefined {
    return this.#values.get(merchantId);
  }
  errorOf(merchantId: string): ErrorInfo | undefined {
    return this.#errors.get(merchantId);
  }

  set(merchantId: string, value: T): void {
    this.#values.set(merchantId, value);
    this.#errors.delete(merchantId);
  }

  async load<R>(merchantId: string, call: () => Promise<IpcResult<R>>, toValue: (read: R) => T): Promise<void> {
    this.#loading = true;
    const result = await call();
    this.#loading = false;
    if (result.ok) this.set(merchantId, toValue(result.value));
    else this.#errors.set(merchantId, result.error);
  }
}
