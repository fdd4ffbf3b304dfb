import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ROOT, startWebShell } from '../support/web-shell';

/**
 * The built web shell (out/main/web.js, its code split into chunks) starts under the Node running
 * this suite: under Node 24 (`npm run test:node24`) that means it found better-sqlite3's build for
 * Node 24's ABI in native/ from where the bundle sits, and opened its database.
 */
describe('the built web shell on this runtime', () => {
  it(`starts in demo mode under Node ${process.versions.node} (ABI ${process.versions.modules})`, { skip: existsSync(join(ROOT, 'out', 'main', 'web.js')) ? false : 'run `npm run build` first' }, async () => {
    const shell = await startWebShell({ args: ['--demo'] });
    try {
      assert.match(shell.origin, /^http:\/\/127\.0\.0\.1:\d+$/);
      assert.doesNotMatch(shell.output(), /could not start|NODE_MODULE_VERSION/);
      assert.equal(shell.process.exitCode, null, 'still running');
    } finally {
      await shell.stop();
    }
  });
});
