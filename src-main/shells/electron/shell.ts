import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type * as ElectronModule from 'electron';
import { channelNames, type PushPayload } from '../../../src-shared/ipc/contract';
import type { App } from '../../app/app';
import type { Logger } from '../../base/log';
import { servedRendererPath } from '../renderer-files';
import { PUSH_CHANNEL } from './bridge';
import { APP_HOST, APP_ORIGIN, APP_SCHEME, RENDERER_CSP, isTrustedSender } from './security';

/** The parts of the `electron` module the shell uses; tests pass a fake with the same shape. */
export type ElectronApi = Pick<typeof ElectronModule, 'app' | 'BrowserWindow' | 'ipcMain' | 'protocol' | 'session'>;

export interface ElectronShellOptions {
  electron: ElectronApi;
  startApp: () => Promise<App>;
  logger: Logger;
  /** Folder of the built renderer (index.html). */
  rendererDir: string;
  /** Built preload script. */
  preloadPath: string;
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.wav': 'audio/wav',
  '.mp3': 'audio/mpeg',
};

/** Maps an `app://renderer/...` URL to a file inside the renderer folder, never outside it, and never a source map. */
export function rendererFile(rendererDir: string, url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.host !== APP_HOST || !servedRendererPath(parsed.pathname)) return undefined;
  const relative = decodeURIComponent(parsed.pathname === '/' ? '/index.html' : parsed.pathname);
  const root = normalize(rendererDir + sep);
  const file = normalize(join(root, relative));
  return file.startsWith(root) ? file : undefined;
}

/**
 * Must run before the app is ready: the `app://` scheme is registered as standard and secure, so the
 * renderer gets a real origin (CSP 'self' works) without file:// and its broad access.
 */
export function registerScheme(electron: ElectronApi): void {
  electron.protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } }]);
}

export async function runElectronShell(options: ElectronShellOptions): Promise<void> {
  const { electron, logger } = options;
  const { app: electronApp, BrowserWindow, ipcMain, protocol, session } = electron;

  if (!electronApp.requestSingleInstanceLock()) {
    logger.info('another Store Terminal is already running; handing over to it');
    electronApp.quit();
    return;
  }
  registerScheme(electron);

  // Every web contents, present and future: no navigation away, no new windows, no webviews.
  electronApp.on('web-contents-created', (_event, contents) => {
    contents.on('will-navigate', (event, url) => {
      if (!url.startsWith(`${APP_ORIGIN}/`)) event.preventDefault();
    });
    contents.on('will-redirect', (event, url) => {
      if (!url.startsWith(`${APP_ORIGIN}/`)) event.preventDefault();
    });
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  });

  await electronApp.whenReady();

  // Only the app's own page, and only notifications (a new order while the window is behind another).
  const allowed = (permission: string, url: string | undefined): boolean =>
    permission === 'notifications' && url !== undefined && url.startsWith(`${APP_ORIGIN}/`);
  session.defaultSession.setPermissionRequestHandler((_contents, permission, callback, details) => callback(allowed(permission, details?.requestingUrl)));
  session.defaultSession.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    allowed(permission, requestingOrigin ? `${requestingOrigin}/` : undefined),
  );

  protocol.handle(APP_SCHEME, async (request) => {
    const file = rendererFile(options.rendererDir, request.url);
    if (!file) return new Response('not found', { status: 404 });
    try {
      const body = await readFile(file);
      return new Response(body, {
        headers: {
          'content-type': MIME[extname(file)] ?? 'application/octet-stream',
          'content-security-policy': RENDERER_CSP,
          'x-content-type-options': 'nosniff',
        },
      });
    } catch {
      return new Response('not found', { status: 404 });
    }
  });

  const app = await options.startApp();

  for (const channel of channelNames) {
    ipcMain.handle(channel, (event, input: unknown) => {
      if (!isTrustedSender(event.senderFrame?.url)) {
        logger.warn('ipc from an untrusted frame refused', { channel });
        return { ok: false, error: { code: 'forbidden', message: 'untrusted sender' } };
      }
      return app.ipc.invoke(channel, input);
    });
  }

  const window = new BrowserWindow({
    width: 1280,
    height: 800,
    minWidth: 1024,
    minHeight: 700,
    show: false,
    backgroundColor: '#101418',
    title: 'Store Terminal',
    autoHideMenuBar: true,
    // Written out here (not built elsewhere) so static auditors such as electronegativity see them.
    webPreferences: {
      preload: options.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      experimentalFeatures: false,
      spellcheck: false,
      // Middle-click must not open links in new windows.
      disableBlinkFeatures: 'Auxclick',
      // The new-order chime must ring without a click first.
      autoplayPolicy: 'no-user-gesture-required',
      // Only for Chromium's built-in PDF viewer, which shows the check-in QR sheet (there are no
      // other plugins in Electron).
      plugins: true,
    },
  });
  window.once('ready-to-show', () => window.show());
  const disconnect = app.push.connect((event, payload) => {
    if (window.isDestroyed()) return;
    window.webContents.send(PUSH_CHANNEL, { event, payload });
    // A new order while the window is behind another: the taskbar asks for attention until it is focused.
    if (event === 'orders:changed' && !window.isFocused() && needsStaff(payload as PushPayload<'orders:changed'>)) window.flashFrame(true);
  });
  window.on('focus', () => window.flashFrame(false));

  electronApp.on('second-instance', () => {
    if (window.isDestroyed()) return;
    if (window.isMinimized()) window.restore();
    window.focus();
  });

  let quitting = false;
  electronApp.on('before-quit', (event) => {
    if (quitting) return;
    // Finish in-flight IPC and database work before the process ends.
    event.preventDefault();
    quitting = true;
    disconnect();
    void app.stop().finally(() => electronApp.quit());
  });
  electronApp.on('window-all-closed', () => electronApp.quit());

  await window.loadURL(`${APP_ORIGIN}/index.html`);
}

function needsStaff(change: PushPayload<'orders:changed'>): boolean {
  return change.rows.some((row) => row.status === 'PLACED');
}
