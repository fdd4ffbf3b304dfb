import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { startApp } from '../../src-main/app/app';
import { loadConfig } from '../../src-main/config/config';
import { silentLogger } from '../../src-main/base/log';
import { DEMO_GROCERY_ID, OTHER_BAKERY_ID, startSandbox } from '../../src-sandbox/index';
import { pinnedNow, TEST_INSTANT } from '../support/clock';

function config(argv: string[] = [], env: NodeJS.ProcessEnv = {}) {
  return loadConfig(['--data-dir', mkdtempSync(join(tmpdir(), 'st-')), '--no-window', '--clock-at', TEST_INSTANT, ...argv], env);
}

describe('the main process end to end over IPC', () => {
  it('runs in demo mode against the embedded sandbox and lists the demo stores', async () => {
    const app = await startApp({ config: config(), shell: 'web', logger: silentLogger, version: 'test' });
    try {
      const status = await app.ipc.invoke('app:status', {});
      assert.equal(status.ok && (status.value as { mode: string }).mode, 'demo');
      const stores = await app.ipc.invoke('stores:list', {});
      assert.ok(stores.ok);
      const names = (stores.value as { name: string }[]).map((s) => s.name);
      assert.ok(names.includes('Mercado Bom Preço'));
      const detail = await app.ipc.invoke('stores:detail', { merchantId: DEMO_GROCERY_ID });
      assert.equal(detail.ok && (detail.value as { type: string }).type, 'GROCERY');
      const connectivity = await app.ipc.invoke('app:status', {});
      assert.equal(connectivity.ok && (connectivity.value as { connectivity: { state: string } }).connectivity.state, 'online');
      const forbidden = await app.ipc.invoke('stores:detail', { merchantId: OTHER_BAKERY_ID });
      assert.equal(!forbidden.ok && forbidden.error.code, 'forbidden');
    } finally {
      await app.stop();
    }
  });

  it('talks to a configured API instead, and says "sign in again" for a bad secret', async () => {
    const sandbox = await startSandbox({ now: pinnedNow() });
    try {
      const good = await startApp({
        config: config(['--api-base-url', sandbox.url, '--client-id', 'other'], { STORE_TERMINAL_CLIENT_SECRET: 'other-secret' }),
        shell: 'web',
        logger: silentLogger,
        version: 'test',
      });
      const stores = await good.ipc.invoke('stores:list', {});
      assert.deepEqual(stores.ok && (stores.value as { id: string }[]).map((s) => s.id), [OTHER_BAKERY_ID]);
      await good.stop();

      const bad = await startApp({
        config: config(['--api-base-url', sandbox.url, '--client-id', 'other'], { STORE_TERMINAL_CLIENT_SECRET: 'wrong' }),
        shell: 'web',
        logger: silentLogger,
        version: 'test',
      });
      const refused = await bad.ipc.invoke('stores:list', {});
      assert.equal(!refused.ok && refused.error.code, 'auth');
      const status = await bad.ipc.invoke('app:status', {});
      assert.equal(status.ok && (status.value as { connectivity: { state: string } }).connectivity.state, 'unauthorized');
      await bad.stop();
    } finally {
      await sandbox.close();
    }
  });
});
