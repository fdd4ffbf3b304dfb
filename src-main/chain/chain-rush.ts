import type { RushStore, RushView } from '../../src-shared/ipc/channels/rush';
import { DEFAULT_CLOSURE_RULES, type ClosureRules } from '../../src-shared/store-rules/closure-rules';
import type { Clock } from '../base/clock';
import type { Logger } from '../base/log';
import { LoopWorker } from '../base/loop';
import { rushLookBackMs, type RushRows } from '../orders/rush-input';
import { rushView } from '../orders/rush-view';

/** Time alone moves the gauge (a deadline nears, a driver waits longer): every store read again this often (a terminal's pace). */
export const CHAIN_RUSH_EVERY_MS = 15_000;
/** A rush brings order notices by the second: the gauge is read again for them at most this often. */
export const CHAIN_RUSH_GAP_MS = 2_000;

export interface ChainRushOptions {
  /** The stores' orders in the gauge's shape (chain/db/chain-rush.ts), created since `since`, of `stores` (null: every store). */
  rows(since: number, stores: readonly string[] | null): Promise<RushRows>;
  clock: Clock;
  logger: Logger;
  rules?: ClosureRules;
}

/** What a store's screens and the wall show of it: its word and which rules warn. */
const saidOf = (store: RushStore | undefined): string => (store ? `${store.level}:${store.warnings.map((w) => w.rule).join(',')}` : 'calm:');

/**
 * The rush gauge of every store of the chain (docs/rush-guard.md), on each replica: read from
 * PostgreSQL with the terminal's input builder and gauge (orders/rush-view.ts) every 15 seconds and
 * soon after orders change, kept for the console's wall, and told — with the stores whose word or
 * warnings changed — to whoever pushes it to the stores' terminals.
 */
export class ChainRush extends LoopWorker {
  private readonly byStore = new Map<string, RushStore>();
  private readAt = Number.NEGATIVE_INFINITY;
  private readonly listeners = new Set<(view: RushView, changed: ReadonlySet<string>) => void>();
  private readonly rounds = new Set<(view: RushView) => Promise<unknown>>();

  constructor(private readonly options: ChainRushOptions) {
    super({ name: 'chain rush gauge', clock: options.clock, logger: options.logger });
  }

  private get rules(): ClosureRules {
    return this.options.rules ?? DEFAULT_CLOSURE_RULES;
  }

  /** These stores' gauges now, read afresh (a terminal opening its window sees the present). */
  async read(stores: readonly string[]): Promise<RushView> {
    const now = this.options.clock.now();
    return rushView(await this.options.rows(now - rushLookBackMs(this.rules), stores), now, this.rules);
  }

  /** A store's gauge as last read (undefined: calm, nothing open nor recent, or not read yet). */
  of(storeId: string): RushStore | undefined {
    return this.byStore.get(storeId);
  }

  /** Told after each read that changed a store's word or warnings, with those stores. */
  onChange(listener: (view: RushView, changed: ReadonlySet<string>) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Told every round's view, awaited (busy mode acts on a store that stays swamped). */
  onRound(listener: (view: RushView) => Promise<unknown>): () => void {
    this.rounds.add(listener);
    return () => this.rounds.delete(listener);
  }

  /** Orders changed: read again soon. */
  ordersChanged(): void {
    this.wake();
  }

  protected async tick(): Promise<number> {
    const now = this.options.clock.now();
    const wait = this.readAt + CHAIN_RUSH_GAP_MS - now;
    if (wait > 0) return wait;
    this.readAt = now;
    const view = rushView(await this.options.rows(now - rushLookBackMs(this.rules), null), now, this.rules);
    const changed = new Set<string>();
    const next = new Map(view.stores.map((s) => [s.merchantId, s]));
    for (const id of new Set([...this.byStore.keys(), ...next.keys()])) if (saidOf(this.byStore.get(id)) !== saidOf(next.get(id))) changed.add(id);
    this.byStore.clear();
    for (const [id, store] of next) this.byStore.set(id, store);
    if (changed.size > 0) for (const listener of this.listeners) listener(view, changed);
    for (const round of this.rounds) await round(view);
    return CHAIN_RUSH_EVERY_MS;
  }
}
