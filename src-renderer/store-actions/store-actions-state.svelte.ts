import { SvelteMap } from 'svelte/reactivity';
import type { ErrorInfo } from '../../src-shared/errors';
import { StoreActionKind, type StoreActionEntry } from '../../src-shared/ipc/channels/store-actions';
import type { Bridge } from '../../src-shared/ipc/contract';
import { Read } from '../lib/reads.svelte';

/**
 * The store outbox as the screen sees it: actions waiting for the platform (made offline), and how
 * the ones that had to wait ended. Read once, then kept current by `storeActions:changed`.
 */
/**
 * One line per press: a terminal of a chain keeps a press on its own screen while the server is out
 * of reach (a negative id) and the server makes its own entry of it later; the press's key makes
 * them one. Having waited once, it stays listed with how it ended.
 */
const lineOf = (entry: StoreActionEntry): string => entry.key ?? `#${entry.id}`;

export class StoreActionsState {
  readonly #entries = new SvelteMap<string, StoreActionEntry>();
  readonly #read = new Read();
  #subscribed = false;

  constructor(private readonly bridge: Bridge) {}

  get error(): ErrorInfo | null {
    return this.#read.error;
  }

  async load(): Promise<void> {
    if (!this.#subscribed) {
      this.#subscribed = true;
      this.bridge.on('storeActions:changed', (entry) => this.#put(entry));
    }
    const entries = await this.#read.run(() => this.bridge['storeActions:list']({}));
    for (const entry of entries ?? []) this.#put(entry);
  }

  /** Every action of a store this screen knows of (of some kinds), newest first. */
  all(merchantId: string, kinds: readonly StoreActionKind[]): StoreActionEntry[] {
    return [...this.#entries.values()].filter((e) => e.merchantId === merchantId && kinds.includes(e.kind)).sort((a, b) => b.id - a.id);
  }

  /** A store's actions worth showing (waiting, or ended after waiting), newest first; optionally of some kinds. */
  of(merchantId: string, kinds: readonly StoreActionKind[] = StoreActionKind.options): StoreActionEntry[] {
    // Settled at the first try needs no word here (the screen said so already); what waited does.
    return this.all(merchantId, kinds).filter((e) => e.state === 'queued' || e.waited);
  }

  /** Withdraws an action that has not left yet. */
  async cancel(id: number): Promise<ErrorInfo | null> {
    const result = await this.bridge['storeActions:cancel']({ id });
    if (!result.ok) return result.error;
    this.#put(result.value);
    return null;
  }

  /** An entry a channel answered (queued at once): shown before its push arrives. */
  remember(entry: StoreActionEntry): void {
    this.#put(entry);
  }

  #put(entry: StoreActionEntry): void {
    const line = lineOf(entry);
    const before = this.#entries.get(line);
    // The server's id once it has one (it can be withdrawn there); "waited" once is waited for good.
    const id = before && entry.id < 0 && before.id > 0 ? before.id : entry.id;
    this.#entries.set(line, { ...entry, id, waited: entry.waited || (before?.waited ?? false) });
  }
}
