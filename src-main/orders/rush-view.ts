import type { RushView } from '../../src-shared/ipc/channels/rush';
import type { ClosureRules } from '../../src-shared/store-rules/closure-rules';
import { rushGauge } from '../../src-shared/store-rules/rush-gauge';
import { rushInputs, type RushRows } from './rush-input';

/**
 * Every store's rush gauge from its orders' rows, the most loaded first: the one reading a terminal
 * makes from its SQLite (features/rush/rush-watch.ts) and a chain's server from its PostgreSQL
 * (chain/chain-rush.ts), so both say the same word of the same orders.
 */
export function rushView(rows: RushRows, now: number, rules: ClosureRules): RushView {
  const stores = [...rushInputs(rows, now, rules)].map(([merchantId, input]) => {
    const { level, pressure, warnings } = rushGauge(input);
    return { merchantId, level, pressure: Math.round(pressure * 100) / 100, warnings };
  });
  stores.sort((a, b) => b.pressure - a.pressure || a.merchantId.localeCompare(b.merchantId));
  return { at: new Date(now).toISOString(), stores };
}
