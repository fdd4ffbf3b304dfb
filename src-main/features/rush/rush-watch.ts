import { DEFAULT_CLOSURE_RULES, type ClosureRules } from '../../../src-shared/store-rules/closure-rules';
import type { RushView } from '../../../src-shared/ipc/channels/rush';
import type { Clock } from '../../base/clock';
import type { Logger } from '../../base/log';
import { LoopWorker } from '../../base/loop';
import type { OrdersDb } from '../../db/orders/orders-db';
import { rushLookBackMs } from '../../orders/rush-input';
import { rushView } from '../../orders/rush-view';

/** Time alone moves the gauge (an order's deadline nears, a driver waits longer): read again this often. */
export const RUSH_EVERY_MS = 15_000;

export interface RushWatchOptions {
  db: Pick<OrdersDb, 'read' | 'rush'>;
  clock: Clock;
  logger: Logger;
  /** Told each view that differs from the last in a store's level or warnings. */
  changed(view: RushView): void;
  /** Told every round's view (busy mode acts on a store that stays swamped). */
  round?: (view: RushView) => Promise<unknown>;
  rules?: ClosureRules;
}

/**
 * Each store's rush gauge from the order database, read again when orders change and every 15
 * seconds; the screens hear it only when a store's word or warnings change (`rush:changed`).
 */
export class RushWatch extends LoopWorker {
  private last: RushView | null = null;
  private lastSaid = '';

  constructor(private readonly options: RushWatchOptions) {
    super({ name: 'rush gauge', clock: options.clock, logger: options.logger });
  }

  /** The view now (read, not the last pushed: a window opening sees the present). */
  current(): RushView {
    const { db, clock } = this.options;
    const rules = this.options.rules ?? DEFAULT_CLOSURE_RULES;
    const now = clock.now();
    const rows = db.read(() => ({ open: db.rush.open(), recent: db.rush.recent(now - rushLookBackMs(rules)) }));
    this.last = rushView(rows, now, rules);
    return this.last;
  }

  protected async tick(): Promise<number> {
    const view = this.current();
    await this.options.round?.(view);
    // Pressure moves every round; a screen hears a change of word or warning, and the numbers with it.
    const said = JSON.stringify(view.stores.map((s) => [s.merchantId, s.level, s.warnings.map((w) => w.rule)]));
    if (said !== this.lastSaid) {
      this.lastSaid = said;
      this.options.changed(view);
    }
    return RUSH_EVERY_MS;
  }
}
