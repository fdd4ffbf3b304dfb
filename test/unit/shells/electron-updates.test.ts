import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { silentLogger } from '../../../src-main/base/log';
import { startUpdates, type Updater } from '../../../src-main/shells/electron/updates';

function fakeUpdater(): Updater & { checks: number } {
  const fake = {
    checks: 0,
    async checkForUpdatesAndNotify() {
      fake.checks++;
      return null;
    },
    on: () => fake,
  };
  return fake;
}

describe('updates of the packaged app', () => {
  it('checks only a packaged app whose feed the integrator set; never in development or with the placeholder', () => {
    const resources = mkdtempSync(join(tmpdir(), 'st-res-'));
    const updater = fakeUpdater();
    startUpdates({ packaged: false, resourcesPath: resources, updater: () => updater, logger: silentLogger })();
    startUpdates({ packaged: true, resourcesPath: resources, updater: () => updater, logger: silentLogger })();
    writeFileSync(join(resources, 'app-update.yml'), 'provider: generic\nurl: https://updates.example.invalid/store-terminal\n');
    startUpdates({ packaged: true, resourcesPath: resources, updater: () => updater, logger: silentLogger })();
    assert.equal(updater.checks, 0);
    writeFileSync(join(resources, 'app-update.yml'), 'provider: generic\nurl: https://updates.integrator.example.com/store-terminal\n');
    const stop = startUpdates({ packaged: true, resourcesPath: resources, updater: () => updater, logger: silentLogger });
    stop();
    assert.equal(updater.checks, 1);
  });
});
