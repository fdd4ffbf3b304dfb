import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { channelNames } from '../../../src-shared/ipc/contract';
import { silentLogger } from '../../../src-main/base/log';
import { rendererFile, runElectronShell } from '../../../src-main/shells/electron/shell';
import { APP_ORIGIN, RENDERER_CSP } from '../../../src-main/shells/electron/security';
import { boardRow } from '../../support/app/board-row';
import { fakeApp } from '../../support/app/fake-app';
import { FakeBrowserWindow, FakeWebContents, fakeElectron } from '../../support/shells/fake-electron';

const rendererDir = mkdtempSync(join(tmpdir(), 'renderer-'));
writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>t</title>');
writeFileSync(join(rendererDir, 'index-x1.js'), 'document.title = "t";\n');
writeFileSync(join(rendererDir, 'index-x1.js.map'), '{"version":3,"sources":[]}');

async function boot(options: { gotLock?: boolean } = {}) {
  const fake = fakeElectron(options);
  const app = fakeApp({ 'stores:list': () => [] });
  await runElectronShell({ electron: fake.electron, startApp: async () => app, logger: silentLogger, rendererDir, preloadPath: '/p/preload.cjs' });
  return { ...fake, app, window: FakeBrowserWindow.instances[0] };
}

describe('Electron shell wiring (fake electron module)', () => {
  it('opens one window with isolation, sandbox, no Node, web security and the preload', async () => {
    const { window } = await boot();
    assert.ok(window);
    const prefs = window.options.webPreferences as Record<string, unknown>;
    assert.equal(prefs.contextIsolation, true);
    assert.equal(prefs.sandbox, true);
    assert.equal(prefs.nodeIntegration, false);
    assert.equal(prefs.nodeIntegrationInWorker, false);
    assert.equal(prefs.webSecurity, true);
    assert.equal(prefs.allowRunningInsecureContent, false);
    assert.equal(prefs.webviewTag, false);
    assert.equal(prefs.preload, '/p/preload.cjs');
    assert.equal(prefs.disableBlinkFeatures, 'Auxclick');
    assert.equal(prefs.plugins, true, 'the PDF viewer shows the check-in sheet');
    assert.equal(window.loaded, `${APP_ORIGIN}/index.html`);
  });

  it('quits at once when another instance holds the single-instance lock', async () => {
    const { electronApp, window } = await boot({ gotLock: false });
    assert.equal(electronApp.quitCalls, 1);
    assert.equal(window, undefined);
  });

  it('denies every permission but notifications, and those only to the app itself', async () => {
    const { permissions } = await boot();
    let granted: boolean | undefined;
    permissions.request?.({}, 'media', (g) => (granted = g), { requestingUrl: `${APP_ORIGIN}/index.html` });
    assert.equal(granted, false);
    permissions.request?.({}, 'notifications', (g) => (granted = g), { requestingUrl: `${APP_ORIGIN}/index.html` });
    assert.equal(granted, true);
    permissions.request?.({}, 'notifications', (g) => (granted = g), { requestingUrl: 'https://evil.example/' });
    assert.equal(granted, false);
    assert.equal(permissions.check?.({}, 'geolocation', APP_ORIGIN), false);
    assert.equal(permissions.check?.({}, 'notifications', APP_ORIGIN), true);
    assert.equal(permissions.check?.({}, 'notifications', 'https://evil.example'), false);
  });

  it('asks the taskbar for attention when a new order arrives behind another window, and stops on focus', async () => {
    const { window, app } = await boot();
    assert.ok(window && app);
    window.focused = false;
    app.push.push('orders:changed', { rows: [boardRow('0f8e3c1a-1d2e-4f50-8a6b-7c8d9e0f1a2b', Date.parse('2026-11-24T15:00:00Z'))], actions: [] });
    assert.deepEqual(window.flashes, [true]);
    window.emit('focus');
    assert.deepEqual(window.flashes, [true, false]);
  });

  it('blocks navigation away from the app, new windows and webviews', async () => {
    const { electronApp } = await boot();
    const contents = new FakeWebContents();
    electronApp.emit('web-contents-created', {}, contents);
    const navigate = (url: string) => {
      let prevented = false;
      contents.emit('will-navigate', { preventDefault: () => (prevented = true) }, url);
      return prevented;
    };
    assert.equal(navigate('https://evil.example/'), true);
    assert.equal(navigate('file:///etc/passwd'), true);
    assert.equal(navigate(`${APP_ORIGIN}/index.html`), false);
    assert.deepEqual(contents.windowOpenHandler?.({ url: 'https://evil.example/' }), { action: 'deny' });
    let webviewPrevented = false;
    contents.emit('will-attach-webview', { preventDefault: () => (webviewPrevented = true) });
    assert.equal(webviewPrevented, true);
  });

  it('registers exactly the contract channels, and answers only the app page', async () => {
    const { ipcMain } = await boot();
    assert.deepEqual([...ipcMain.handlers.keys()].sort(), [...channelNames].sort());
    const handler = ipcMain.handlers.get('stores:list');
    const trusted = await handler?.({ senderFrame: { url: `${APP_ORIGIN}/index.html` } }, {});
    assert.deepEqual(trusted, { ok: true, value: [] });
    const untrusted = (await handler?.({ senderFrame: { url: 'https://evil.example/' } }, {})) as { ok: boolean; error: { code: string } };
    assert.equal(untrusted.ok, false);
    assert.equal(untrusted.error.code, 'forbidden');
  });

  it('serves the renderer over app:// with a strict CSP, and nothing outside its folder', async () => {
    const { protocol } = await boot();
    assert.deepEqual(protocol.privileged, [{ scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } }]);
    const handle = protocol.handlers.get('app');
    const ok = await handle?.(new Request(`${APP_ORIGIN}/index.html`));
    assert.equal(ok?.status, 200);
    assert.equal(ok?.headers.get('content-security-policy'), RENDERER_CSP);
    assert.match(RENDERER_CSP, /script-src 'self'(;|$)/);
    assert.doesNotMatch(RENDERER_CSP, /unsafe-inline|unsafe-eval/);
    assert.equal((await handle?.(new Request(`${APP_ORIGIN}/missing.js`)))?.status, 404);
    assert.equal(rendererFile(rendererDir, `${APP_ORIGIN}/..%2F..%2Fetc%2Fpasswd`), undefined);
    assert.equal(rendererFile(rendererDir, 'app://other-host/index.html'), undefined);
  });

  it('serves the bundle but not the source maps kept beside it, however the URL spells them', async () => {
    const handle = (await boot()).protocol.handlers.get('app');
    assert.equal((await handle?.(new Request(`${APP_ORIGIN}/index-x1.js`)))?.status, 200);
    for (const path of ['/index-x1.js.map', '/index-x1.js%2Emap', '/index-x1.js.MAP']) {
      assert.equal((await handle?.(new Request(`${APP_ORIGIN}${path}`)))?.status, 404, path);
      assert.equal(rendererFile(rendererDir, `${APP_ORIGIN}${path}`), undefined, path);
    }
    assert.equal(rendererFile(rendererDir, `${APP_ORIGIN}/%E0%A4%A.js`), undefined, 'a path that does not decode');
  });

  it('relays push events to the window and stops the app before quitting', async () => {
    const { app, window } = await boot();
    app.push.push('status:changed', { state: 'online', lastSuccessAt: null, lastPollAt: null, reason: null });
    assert.deepEqual(window?.webContents.sent[0], {
      channel: 'push',
      payload: { event: 'status:changed', payload: { state: 'online', lastSuccessAt: null, lastPollAt: null, reason: null } },
    });
    const second = await boot();
    let prevented = false;
    second.electronApp.emit('before-quit', { preventDefault: () => (prevented = true) });
    assert.equal(prevented, true, 'quit waits for in-flight work');
    await new Promise((r) => setImmediate(r));
    assert.equal(second.app.stopped, true);
    assert.equal(second.electronApp.quitCalls, 1);
  });
});

describe('system printers in the Electron shell (fake electron module)', () => {
  it('prints the ticket image silently to the named device from a hidden, script-less window, and lists the printers', async () => {
    const { electronSystemPrinter } = await import('../../../src-main/shells/electron/system-printer');
    FakeBrowserWindow.instances = [];
    const printer = electronSystemPrinter({ BrowserWindow: FakeBrowserWindow } as never);
    await printer.send('Kitchen_EPSON', { bytes: Buffer.from([]), svg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>' });
    const window = FakeBrowserWindow.instances[0];
    assert.ok(window);
    assert.equal(window.options.show, false);
    assert.equal((window.options.webPreferences as Record<string, unknown>).javascript, false);
    assert.match(window.loaded ?? '', /^data:image\/svg\+xml/);
    assert.deepEqual(window.webContents.printed, [{ silent: true, deviceName: 'Kitchen_EPSON' }]);
    assert.equal(window.destroyed, true, 'the window goes once printed');
    window.webContents.printFails = 'Printer is offline';
    await assert.rejects(printer.send('Kitchen_EPSON', { bytes: Buffer.from([]), svg: '<svg/>' }), (e: Error) => {
      assert.match(e.message, /offline/);
      assert.deepEqual((e as never as { toInfo(): object }).toInfo(), {
        code: 'printer',
        message: 'printer Kitchen_EPSON: Printer is offline',
        reason: 'failed',
      });
      return true;
    });
    window.webContents.printFails = 'Invalid deviceName provided';
    await assert.rejects(printer.send('Gone', { bytes: Buffer.from([]), svg: '<svg/>' }), { code: 'printer', fault: 'no-such-printer' });
    window.webContents.printFails = undefined;
    assert.deepEqual(await printer.list(), ['Kitchen_EPSON', 'Counter']);
  });
});
