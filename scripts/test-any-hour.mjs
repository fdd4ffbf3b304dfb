#!/usr/bin/env node
// `npm run test:any-hour [-- INSTANT ...]`: the whole suite (unit, integration, electron, e2e; the
// build must exist) under libfaketime at wall-clock instants where a test that read the machine's
// clock would fail: 03:00 and 23:30 in São Paulo, and noon on a Sunday. Default: all three.
import { spawnSync } from 'node:child_process';

const INSTANTS = {
  '03:00': '2026-11-24 06:00:00', // Tuesday 03:00 in São Paulo (UTC-3): the grocery and pizzeria are closed
  '23:30': '2026-11-25 02:30:00', // Tuesday 23:30 in São Paulo: a new day in UTC
  'sunday-noon': '2026-11-29 15:00:00', // Sunday 12:00 in São Paulo
};
const wanted = process.argv.slice(2);
const names = wanted.length > 0 ? wanted : Object.keys(INSTANTS);
for (const name of names) {
  const at = INSTANTS[name];
  if (!at) {
    console.error(`unknown instant "${name}"; known: ${Object.keys(INSTANTS).join(', ')}`);
    process.exit(2);
  }
  console.log(`--- the suite at ${name} São Paulo time (faketime @${at} UTC)`);
  const run = spawnSync('faketime', ['-f', `@${at}`, process.execPath, 'scripts/run-tests.mjs', 'unit', 'integration', 'electron', 'e2e'], {
    stdio: 'inherit',
    env: { ...process.env, TZ: 'UTC' },
  });
  if (run.error) {
    console.error(`faketime could not run (${run.error.message}): install it (Debian package faketime)`);
    process.exit(1);
  }
  if (run.status !== 0) process.exit(run.status ?? 1);
}
