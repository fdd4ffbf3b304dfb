#!/usr/bin/env node
// Runs the test kinds named on the command line (unit, integration, electron, e2e), and any test
// files named by path, in one `node --test` run, so there is one summary at the end.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { filesUnder } from './files.mjs';
import { useProjectNode } from './project-node.mjs';

await useProjectNode();

const args = process.argv.slice(2);
const named = args.filter((arg) => arg.endsWith('.test.ts'));
const kinds = args.filter((arg) => !arg.endsWith('.test.ts'));
if (args.length === 0) kinds.push('unit', 'integration', 'electron', 'e2e');

const files = [...kinds.flatMap((kind) => filesUnder(join('test', kind), (name) => name.endsWith('.test.ts'))), ...named];
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
