#!/usr/bin/env node
// Runs the test kinds named on the command line (unit, integration, electron, e2e) in one
// `node --test` run, so there is one summary at the end.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const kinds = process.argv.slice(2);
if (kinds.length === 0) kinds.push('unit', 'integration', 'electron', 'e2e');

function find(dir) {
  let out = [];
  let entries;
  try {
    entries = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of entries.sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out = out.concat(find(path));
    else if (name.endsWith('.test.ts')) out.push(path);
  }
  return out;
}

const files = kinds.flatMap((kind) => find(join('test', kind)));
if (files.length === 0) {
  console.error(`no test files for: ${kinds.join(', ')}`);
  process.exit(1);
}
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--import', './test/support/svelte-register.mjs', '--test', '--test-reporter=spec', '--test-timeout=120000', ...files],
  { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'test' } },
);
process.exit(result.status ?? 1);
