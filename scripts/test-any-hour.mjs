#!/usr/bin/env node
// `npm run test:any-hour [-- [--clock-facing] INSTANT ...]`: the whole suite (unit, integration,
// electron, e2e; the build must exist) under libfaketime at wall-clock instants where a test that
// read the machine's clock would fail: 03:00 and 23:30 in São Paulo, and noon on a Sunday. Default:
// all three. `--clock-facing` runs the unit tests (where the time rules live) and, of the end-to-end
// files, those whose screens show times of day; the integration tests run their terminals and
// sandboxes on pinned clocks (`--clock-at`, the sandbox's `now`) and are left out (CI's budget: the
// whole suite again would take it past 40 minutes).
import { spawnSync } from 'node:child_process';
import { useProjectNode } from './project-node.mjs';

await useProjectNode();

const INSTANTS = {
  '03:00': '2026-11-24 06:00:00', // Tuesday 03:00 in São Paulo (UTC-3): the grocery and pizzeria are closed
  '23:30': '2026-11-25 02:30:00', // Tuesday 23:30 in São Paulo: a new day in UTC
  'sunday-noon': '2026-11-29 15:00:00', // Sunday 12:00 in São Paulo
};
// Screens that show a time of day, a countdown or an age: opening hours, history by day, the
// board's and the drawer's deadlines, the kitchen's age colours.
const CLOCK_FACING_E2E = ['stores/store-ops', 'orders/history', 'orders/orders-board', 'orders/order-drawer', 'kitchen/kitchen-display'].map(
  (name) => `test/e2e/${name}.test.ts`,
);
const args = process.argv.slice(2);
const clockFacingOnly = args.includes('--clock-facing');
const wanted = args.filter((arg) => arg !== '--clock-facing');
const suites = clockFacingOnly ? ['unit', 'electron', ...CLOCK_FACING_E2E] : ['unit', 'integration', 'electron', 'e2e'];
const names = wanted.length > 0 ? wanted : Object.keys(INSTANTS);
for (const name of names) {
  const at = INSTANTS[name];
  if (!at) {
    console.error(`unknown instant "${name}"; known: ${Object.keys(INSTANTS).join(', ')}`);
    process.exit(2);
  }
  console.log(`--- the suite at ${name} São Paulo time (faketime @${at} UTC)`);
  const run = spawnSync('faketime', ['-f', `@${at}`, process.execPath, 'scripts/run-tests.mjs', ...suites], {
    stdio: 'inherit',
    env: { ...process.env, TZ: 'UTC' },
  });
  if (run.error) {
    console.error(`faketime could not run (${run.error.message}): install it (Debian package faketime)`);
    process.exit(1);
  }
  if (run.status !== 0) process.exit(run.status ?? 1);
}
