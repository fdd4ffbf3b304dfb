#!/usr/bin/env node
// `npm test`: on the project's Node (24 LTS; fetched once when the machine has another), installs
// what is missing (system tools where apt may be used, then the npm packages), then type-checks,
// lints, builds, audits the Electron build and runs every test kind in one `node --test` run.
import { spawnSync } from 'node:child_process';
import { ensurePackages, ensureTestTools, ROOT } from './deps.mjs';
import { useProjectNode } from './project-node.mjs';

await useProjectNode();
ensureTestTools();
ensurePackages({ wantKeytar: true });

for (const script of ['typecheck', 'lint', 'build']) {
  const step = spawnSync('npm', ['run', '--silent', script], { cwd: ROOT, stdio: 'inherit' });
  if (step.status !== 0) process.exit(step.status ?? 1);
}
// The Electron security gate on what was just built (electronegativity + the reviewed allowlist).
const audit = spawnSync(process.execPath, ['scripts/audit-electron.mjs'], { cwd: ROOT, stdio: 'inherit' });
if (audit.status !== 0) process.exit(audit.status ?? 1);
const tests = spawnSync(process.execPath, ['scripts/run-tests.mjs', 'unit', 'integration', 'electron', 'e2e'], { cwd: ROOT, stdio: 'inherit' });
process.exit(tests.status ?? 1);
