import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { openBareDatabase } from '../../../src-main/db/database';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const CHILD = join(ROOT, 'test', 'support', 'sqlite-gc-child.mjs');

/**
 * The crash that made this project carry a patched better-sqlite3 12: on Node ≥ 24.19 its statements'
 * destructors, run by a garbage collection, aborted the process. The child gives every way for
 * native objects to be freed (test/support/sqlite-gc-child.mjs); with the old build its first phase
 * aborts within 0.2 s. Here: node_modules' better-sqlite3, under the Node this suite runs on.
 */
describe('better-sqlite3 under garbage collection, on this Node', () => {
  it("is the Node-API build (13 or newer) from node_modules' own prebuilt binaries, with no other build beside it", () => {
    const require = createRequire(import.meta.url);
    const { version } = require('better-sqlite3/package.json') as { version: string };
    assert.ok(Number(version.split('.')[0]) >= 13, `better-sqlite3 ${version}`);
    openBareDatabase(':memory:').close();
    const loaded = Object.keys(require.cache).filter((path) => path.endsWith('.node') && path.includes('better-sqlite3'));
    assert.equal(loaded.length, 1, loaded.join(', '));
    assert.match(loaded[0] ?? '', /node_modules[\\/]better-sqlite3[\\/]prebuilds[\\/][a-z0-9-]+\.node$/);
    assert.ok(!existsSync(join(ROOT, 'native')), 'no per-runtime native/ folder');
  });

  it(`survives statements dropped by the thousand, forced and idle collections, closed databases and ending threads (Node ${process.versions.node})`, () => {
    const dir = mkdtempSync(join(tmpdir(), 'st-sqlite-gc-'));
    try {
      const run = spawnSync(process.execPath, ['--expose-gc', CHILD, join(dir, 'stress.sqlite')], { encoding: 'utf8', timeout: 90_000 });
      const said = `${run.stdout}${run.stderr}`.slice(-2_000);
      assert.equal(run.signal, null, `ended by ${run.signal}: ${said}`);
      assert.equal(run.status, 0, said);
      assert.doesNotMatch(run.stderr, /Assertion failed|FATAL ERROR|Segmentation/);
      const [counts, last] = run.stdout.trim().split('\n');
      assert.equal(last, 'survived');
      const { prepared, workers, rows, node } = JSON.parse(counts ?? '{}') as Record<string, unknown>;
      assert.equal(node, process.versions.node);
      assert.ok(typeof prepared === 'number' && prepared >= 40_000, `prepared ${String(prepared)}`);
      assert.equal(workers, 9);
      assert.equal(rows, 200, 'the threads and the main thread shared one database file');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
