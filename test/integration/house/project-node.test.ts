import assert from 'node:assert/strict';
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { nodeAtLeast } from '../../../src-main/base/node-runtime';
import { ROOT } from '../../support/shells/web-shell';

const LAUNCHER = join(ROOT, 'scripts', 'project-node.mjs');
const PINNED = /version: '(\d+\.\d+\.\d+)'/.exec(readFileSync(LAUNCHER, 'utf8'))?.[1] ?? '';

/** The machine's own older Node, as a fresh machine of this project's kind has (20): what a newcomer's `npm start` meets. */
function oldNodeOnPath(): string | undefined {
  const found = spawnSync('sh', ['-c', 'which -a node'], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean);
  return found.find((node) => {
    const version = spawnSync(node, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim();
    return version !== '' && !nodeAtLeast(version, '24.0.0');
  });
}

function launch(node: string, args: string[]): SpawnSyncReturns<string> {
  return spawnSync(node, [LAUNCHER, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
}

/**
 * scripts/project-node.mjs: how `npm start`, `npm test`, the server and the benchmarks run on Node 24
 * whatever node the machine has. (On a machine without an older Node the first part skips.)
 */
describe("the project's Node, from the machine's node", () => {
  const oldNode = oldNodeOnPath();
  const skip = oldNode ? false : 'no Node older than 24 on PATH';

  it(`an older Node says so in one line and runs the program on the pinned Node ${PINNED}, first on PATH, its headers for node-gyp`, { skip }, () => {
    const run = launch(oldNode as string, [
      '-p',
      "[process.versions.node, process.env.PATH.split(require('node:path').delimiter)[0], process.env.npm_config_nodedir].join(' ')",
    ]);
    assert.equal(run.status, 0, run.stderr);
    const [said, printed] = run.stdout.trim().split('\n');
    assert.match(
      said ?? '',
      new RegExp(`^Store Terminal: this is Node \\d+\\.\\d+\\.\\d+; running under the project's Node ${PINNED.replaceAll('.', '\\.')}\\.$`),
    );
    const [version, firstOnPath, nodedir] = (printed ?? '').split(' ');
    assert.equal(version, PINNED);
    assert.equal(firstOnPath, join(nodedir ?? '', 'bin'));
    assert.match(nodedir ?? '', new RegExp(`store-terminal[\\\\/]node-v${PINNED.replaceAll('.', '\\.')}-`));
    assert.doesNotMatch(run.stderr, /EBADENGINE|warn/i);
  });

  it('passes the exit code and the ending signal on', { skip }, () => {
    assert.equal(launch(oldNode as string, ['-e', 'process.exit(7)']).status, 7);
    const killed = launch(oldNode as string, ['-e', "process.kill(process.pid, 'SIGTERM')"]);
    assert.equal(killed.signal, 'SIGTERM');
  });

  it('on Node 24 it runs the program on the same Node, silently', () => {
    const run = launch(process.execPath, ['-p', 'process.versions.node']);
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stdout, `${process.versions.node}\n`);
    assert.equal(run.stderr, '');
  });
});
