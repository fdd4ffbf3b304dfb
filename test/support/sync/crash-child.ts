/**
 * The crash test's victim: the real sync stack and a busy kitchen against the sandbox named in
 * SANDBOX_URL, on the database in DATA_DIR. With KILL_AT=<step> and KILL_AFTER=<n> it kills itself
 * with SIGKILL the n-th time the sync layer reaches that step (poll, persist, ack, send...);
 * otherwise it runs until the parent kills it.
 */
import type { SyncStep } from '../../../src-main/sync/probe';
import { startSyncStack } from './harness';
import { runKitchen } from './staff';

const url = process.env.SANDBOX_URL;
const dataDir = process.env.DATA_DIR;
if (!url || !dataDir) throw new Error('SANDBOX_URL and DATA_DIR are required');
const killAt = process.env.KILL_AT as SyncStep | undefined;
const killAfter = Number(process.env.KILL_AFTER ?? '1');
let hits = 0;

const stack = await startSyncStack({
  url,
  dataDir,
  pollIntervalMs: 50,
  // Each restart goes on from the sandbox's time, as a restarted terminal reads the wall clock.
  ...(process.env.CLOCK_AT ? { clockAt: process.env.CLOCK_AT } : {}),
  probe: (step) => {
    if (step !== killAt || ++hits < killAfter) return;
    process.stderr.write(`killed at ${step} #${hits}\n`);
    process.kill(process.pid, 'SIGKILL');
  },
});
runKitchen(stack.store, stack.sync, 20);
process.stdout.write('running\n');
