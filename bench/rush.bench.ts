/**
 * `npm run bench -- rush`: the rush guard's issue measured (docs/rush-guard.md, "Measured"). The
 * 25-order rush with a slow kitchen (test/support/rush/rush-scenario.ts: the sandbox with its
 * automatic closure, a terminal session, the rush's people, one ManualClock) for a few seeds of the
 * order mix and a slower kitchen. Baseline, in the same run: each rush with busy mode off (the guard
 * only warns); then the same rush with busy mode on (15-minute pauses). The line: closures with the
 * guard against without, pauses and reopenings with it, and how long before the closure the
 * terminal first warned.
 */
import { runRush, type RushOutcome, type RushPaces } from '../test/support/rush/rush-scenario';
import type { Benchmark } from './run';

const BUSY_MINUTES = 15;
const VARIANTS: { name: string; paces: Partial<RushPaces> }[] = [
  { name: 'seed 1', paces: { seed: 1 } },
  { name: 'seed 2', paces: { seed: 2 } },
  { name: 'seed 3', paces: { seed: 3 } },
  { name: 'seed 1, kitchen one order every 2.75 min', paces: { seed: 1, readyEveryMinutes: 2.75 } },
];

const sum = (values: number[]): number => values.reduce((a, b) => a + b, 0);
/** Minutes into the rush, as `+31`. */
const into = (o: RushOutcome, at: string): string => `+${Number(((Date.parse(at) - Date.parse(o.startedAt)) / 60_000).toFixed(2))}`;
const describeRun = (o: RushOutcome): string =>
  `closures=${o.closures.map((c) => `${c.rule}@${into(o, c.at)}`).join(',') || 0} pauses=${o.pauses} reopenings=${o.unavailable.filter((u) => u.to).length} ` +
  `first warning ${o.firstWarning ? `${o.firstWarning.rule}@${into(o, o.firstWarning.at)}` : 'none'}, ` +
  `swamped@${o.firstSwampedAt ? into(o, o.firstSwampedAt) : '-'}, not open ${o.unavailable.map((u) => `${into(o, u.from)}..${u.to ? into(o, u.to) : 'end'}`).join(' ') || 'never'}, ` +
  `turned away ${o.turnedAway}`;

const benchmark: Benchmark = {
  async run() {
    const off: RushOutcome[] = [];
    const on: RushOutcome[] = [];
    for (const { name, paces } of VARIANTS) {
      const started = performance.now();
      const without = await runRush({ busyMinutes: null, paces });
      const withBusy = await runRush({ busyMinutes: BUSY_MINUTES, paces });
      off.push(without);
      on.push(withBusy);
      console.log(`  ${name}: busy mode off: ${describeRun(without)}, lead ${without.leadMinutes ?? '-'} min`);
      console.log(`  ${name}: busy mode on:  ${describeRun(withBusy)} (${((performance.now() - started) / 1000).toFixed(1)} s for both)`);
    }
    const closuresOff = sum(off.map((o) => o.closures.length));
    const closuresOn = sum(on.map((o) => o.closures.length));
    const leads = off.flatMap((o) => (o.leadMinutes === null ? [] : [o.leadMinutes]));
    return {
      closures_ratio_vs_off: closuresOff === 0 ? 'n/a' : closuresOn / closuresOff,
      rushes: VARIANTS.length,
      closures_off: closuresOff,
      closures_on: closuresOn,
      pauses_on: sum(on.map((o) => o.pauses)),
      reopenings_on: sum(on.map((o) => o.unavailable.filter((u) => u.to !== null).length)),
      resumes_sent: sum(on.map((o) => o.resumes)),
      lead_minutes_min: leads.length > 0 ? Math.min(...leads) : 'n/a',
      lead_minutes_max: leads.length > 0 ? Math.max(...leads) : 'n/a',
      turned_away_off: sum(off.map((o) => o.turnedAway)),
      turned_away_on: sum(on.map((o) => o.turnedAway)),
    };
  },
};

export default benchmark;
