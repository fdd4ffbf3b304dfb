import { EventEmitter } from 'node:events';
import type { ElectronApi } from '../../../src-main/shells/electron/shell';

/**
 * A stand-in for the `electron` module with just the surface the shell uses, recording what the
 * shell did so tests can assert the security wiring without an Electron binary.
 */
export class FakeWebContents extends EventEmitter {
  sent: { channel: string; payload: unknown }[] = [];
  windowOpenHandler: ((details: unknown) => { action: string }) | undefined;
  setWindowOpenHandler(handler: (details: unknown) => { action: string }): void {
    this.windowOpenHandler = handler;
  }
  send(channel: string, payload: unknown): void {
    this.sent.push({ channel, payload });
  }
  printed: { silent: boolean; deviceName: string }[] = [];
  /** Set to make the next prints fail with this reason. */
  static printFails: string | undefined;
  get printFails(): string | undefined {
    return FakeWebContents.printFails;
  }
  set printFails(reason: string | undefined) {
    FakeWebContents.printFails = reason;
  }
  print(options: { silent: boolean; deviceName: string }, callback: (ok: boolean, reason: string) => void): void {
    if (FakeWebContents.printFails) return callback(false, FakeWebContents.printFails);
    this.printed.push({ silent: options.silent, deviceName: options.deviceName });
    callback(true, '');
  }
  async getPrintersAsync(): Promise<{ name: string }[]> {
    return [{ name: 'Kitchen_EPSON' }, { name: 'Counter' }];
  }
}

export class FakeBrowserWindow extends EventEmitter {
  static instances: FakeBrowserWindow[] = [];
  readonly webContents = new FakeWebContents();
  loaded: string | undefined;
  constructor(readonly options: Record<string, unknown>) {
    super();
    FakeBrowserWindow.instances.push(this);
  }
  async loadURL(url: string): Promise<void> {
    this.loaded = url;
  }
  destroyed = false;
  isDestroyed(): boolean {
    return this.destroyed;
  }
  destroy(): void {
    this.destroyed = true;
  }
  isMinimized(): boolean {
    return false;
  }
  restore(): void {}
  focus(): void {}
  focused = true;
  flashes: boolean[] = [];
  isFocused(): boolean {
    return this.focused;
  }
  flashFrame(on: boolean): void {
    this.flashes.push(on);
  }
  show(): void {}
}

export function fakeElectron(options: { gotLock?: boolean } = {}) {
  FakeBrowserWindow.instances = [];
  const app = Object.assign(new EventEmitter(), {
    quitCalls: 0,
    requestSingleInstanceLock: () => options.gotLock ?? true,
    quit() {
      app.quitCalls += 1;
    },
    whenReady: async () => {},
  });
  const protocol = {
    privileged: [] as unknown[],
    handlers: new Map<string, (request: Request) => Promise<Response> | Response>(),
    registerSchemesAsPrivileged(schemes: unknown[]) {
      protocol.privileged.push(...schemes);
    },
    handle(scheme: string, handler: (request: Request) => Promise<Response> | Response) {
      protocol.handlers.set(scheme, handler);
    },
  };
  const permissions = {
    request: undefined as undefined | ((c: unknown, p: string, cb: (granted: boolean) => void, details?: { requestingUrl?: string }) => void),
    check: undefined as undefined | ((...args: unknown[]) => boolean),
  };
  const session = {
    defaultSession: {
      setPermissionRequestHandler(fn: typeof permissions.request) {
        permissions.request = fn;
      },
      setPermissionCheckHandler(fn: typeof permissions.check) {
        permissions.check = fn;
      },
    },
  };
  const ipcMain = {
    handlers: new Map<string, (event: unknown, input: unknown) => unknown>(),
    handle(channel: string, fn: (event: unknown, input: unknown) => unknown) {
      ipcMain.handlers.set(channel, fn);
    },
  };
  const electron = { app, protocol, session, ipcMain, BrowserWindow: FakeBrowserWindow } as unknown as ElectronApi;
  return { electron, electronApp: app, protocol, permissions, ipcMain };
}
