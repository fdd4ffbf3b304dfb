import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { nodeAtLeast } from '../../../src-main/base/node-runtime';
import { ROOT, startWebShell } from '../../support/shells/web-shell';

/**
 * The built web shell (out/main/web.js, the runtime check, then its program in chunks) starts under
 * the Node running this suite, loads better-sqlite3's Node-API build and opens its database; under
 * a Node too old for it, it says so in one line instead of crashing.
 */
describe('the built web shell on this runtime', () => {
  it(
    `starts in demo mode under Node ${process.versions.node} (Node-API ${process.versions.napi})`,
    { skip: existsSync(join(ROOT, 'out', 'main', 'web.js')) ? false : 'run `npm run build` first' },
    async () => {
      const shell = await startWebShell({ args: ['--demo'] });
      try {
        assert.match(shell.origin, /^http:\/\/127\.0\.0\.1:\d+$/);
        assert.doesNotMatch(shell.output(), /could not start/);
        assert.equal(shell.process.exitCode, null, 'still running');
      } finally {
        await shell.stop();
      }
    },
  );
});

/** A Node older than the terminal runs on, when this machine has one on PATH (a fresh machine of this project's kind has Node 20). */
function oldNodeOnPath(): string | undefined {
  const found = spawnSync('sh', ['-c', 'which -a node'], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean);
  return found.find((node) => {
    const version = spawnSync(node, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim();
    return version !== '' && !nodeAtLeast(version);
  });
}

describe('the built entries under too old a Node', () => {
  const oldNode = oldNodeOnPath();
  const built = existsSync(join(ROOT, 'out', 'main', 'web.js'));
  for (const entry of ['web.js', 'server.js']) {
    it(
      `out/main/${entry} says in one line which Node it needs, and ends`,
      { skip: !built ? 'run `npm run build` first' : !oldNode ? 'no Node older than 22.19 on PATH' : false },
      () => {
        const run = spawnSync(oldNode as string, [join(ROOT, 'out', 'main', entry), '--demo'], {
          encoding: 'utf8',
          timeout: 20_000,
          env: { ...process.env, STORE_TERMINAL_DATA_DIR: join(ROOT, '.cache', 'never-made') },
        });
        assert.equal(run.status, 1);
        assert.equal(run.stdout, '');
        assert.match(
          run.stderr,
          /^Store Terminal could not start: this is Node\.js \d+\.\d+\.\d+; Store Terminal runs on Node\.js 24 LTS \(22\.19\.0 at the least\)\. Install Node\.js 24, or start it with npm start \/ npm run server, which fetch it\.\n$/,
        );
        assert.ok(!existsSync(join(ROOT, '.cache', 'never-made')), 'nothing started');
      },
    );
  }
});
