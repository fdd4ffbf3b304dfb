import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApp, type App, type StartOptions } from '../../../src-main/app/app';
import { systemClock, type Clock } from '../../../src-main/base/clock';
import { createLogger, silentLogger } from '../../../src-main/base/log';
import { loadConfig } from '../../../src-main/config/config';
import { HubDb } from '../../../src-main/db/hub/hub-db';
import type { ContractEndpoint } from '../../../src-main/hub/contract';
import type { BrowseOptions, HubBrowser, HubsView } from '../../../src-main/hub/discovery/browse';
import type { FoundHub } from '../../../src-main/hub/discovery/sightings';
import { startHubServer, type HubServer } from '../../../src-main/hub/link/hub-server';
import { DeviceRegistry } from '../../../src-main/hub/trust/device-registry';
import { hubFolder, loadHubIdentity } from '../../../src-main/hub/trust/identity';
import { PairingWindow } from '../../../src-main/hub/trust/pairing-code';
import { HubPairingDesk } from '../../../src-main/hub/trust/pairing-desk';
import type { HubRole } from '../../../src-shared/ipc/channels/join';
import type { PushName } from '../../../src-shared/ipc/contract';
import { TEST_INSTANT } from '../clock';
import { FakeEndpoint } from './fakes';

/**
 * A hub for the screen role's tests, built from the hub room itself (its identity and paired
 * screens in a data folder, the pairing window and desk, the LAN server on loopback), serving a
 * fake app unless given a real one. `restart()` brings the server back on the same port (the
 * screens' saved address).
 */
export async function startTestHub(options: { endpoint?: ContractEndpoint; clock?: Clock; name?: string; dataDir?: string; role?: HubRole } = {}) {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'st-test-hub-'));
  const clock = options.clock ?? systemClock;
  const identity = await loadHubIdentity({ dataDir, name: options.name ?? 'Balcão da Pizzaria', clock, logger: silentLogger });
  const db = HubDb.open(hubFolder(dataDir));
  const registry = new DeviceRegistry(db, clock, silentLogger);
  const window = new PairingWindow(clock, silentLogger);
  const desk = new HubPairingDesk({ identity, window, registry, clock, logger: silentLogger });
  const endpoint = options.endpoint ?? new FakeEndpoint();
  const listen = (port: number): Promise<HubServer> =>
    startHubServer({
      identity,
      devices: registry,
      pairing: desk,
      endpoint,
      logger: silentLogger,
      clock,
      host: '127.0.0.1',
      port,
      ...(options.role ? { role: options.role } : {}),
    });
  let server: HubServer | null = await listen(0);
  const port = server.port;
  return {
    dataDir,
    identity,
    registry,
    window,
    endpoint,
    port,
    /** A new six-digit code, as Settings › Screens shows it. */
    openCode: (): string => window.open().code,
    /** The server goes away (a hub switched off); the trust stays. */
    async stopServer(): Promise<void> {
      await server?.close();
      server = null;
    },
    async restart(): Promise<void> {
      server ??= await listen(port);
    },
    /** The hub comes back at another port (its address changed on the store's network); resolves to the new one. */
    async moveToNewPort(): Promise<number> {
      await server?.close();
      server = await listen(0);
      return server.port;
    },
    screens: (): number => server?.screens() ?? 0,
    async close(): Promise<void> {
      await server?.close();
      server = null;
      db.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
export type TestHub = Awaited<ReturnType<typeof startTestHub>>;

/** The hub's fake app answering what a screen's windows read first, valid by the contract. */
export function answeringHub(endpoint: FakeEndpoint, now = TEST_INSTANT): FakeEndpoint {
  endpoint.answer = async (channel) => {
    if (channel === 'status:get') {
      return {
        ok: true,
        value: {
          version: 'hub-1',
          mode: 'live',
          shell: 'web',
          apiBaseUrl: 'https://api.example.test',
          dataDir: '/hub',
          pollIntervalSeconds: 30,
          connectivity: { state: 'online', lastSuccessAt: now, lastPollAt: now, reason: null },
          now: new Date(now).toISOString(),
        },
      };
    }
    if (channel === 'settings:get')
      return {
        ok: true,
        value: {
          locale: 'pt-BR',
          stores: 'all',
          currentStoreId: null,
          alerts: { sound: 'bell', volume: 30, repeatSeconds: 10, muteMinutes: 10, notifications: true },
          density: 'auto',
          autoConfirm: [],
          historyDays: 45,
          printers: [],
        },
      };
    if (channel === 'orders:board') return { ok: true, value: { rows: [], closedLeftOut: 0, generatedAt: new Date(now).toISOString() } };
    if (channel === 'storeActions:list') return { ok: true, value: [] };
    return { ok: false, error: { code: 'not-found', message: `the fake hub does not answer ${String(channel)}` } };
  };
  return endpoint;
}

export interface ScreenApp {
  app: App;
  dataDir: string;
  /** Every log line the app wrote (JSON). */
  logs: string[];
  /** Pushes the app's windows heard. */
  pushes: { event: PushName; payload: unknown }[];
  invoke<T = unknown>(channel: string, input?: unknown): Promise<T>;
  stop(): Promise<void>;
}

/**
 * A terminal as the web shell starts it (no account given), in-process: its data folder, a credential
 * store in an owner-only file (it survives a restart, as a keychain would), its log kept.
 */
export async function startTerminalApp(
  options: { dataDir?: string; flags?: string[]; env?: NodeJS.ProcessEnv; more?: Partial<StartOptions> } = {},
): Promise<ScreenApp> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'st-screen-'));
  const logs: string[] = [];
  const pushes: ScreenApp['pushes'] = [];
  const config = loadConfig(['--data-dir', dataDir, '--no-window', '--clock-at', TEST_INSTANT, '--credential-store', 'file', ...(options.flags ?? [])], {
    ...options.env,
  });
  const app = await startApp({
    config,
    shell: 'web',
    logger: createLogger({ write: (line) => logs.push(line) }),
    version: 'screen-1',
    screenBrowse: null,
    ...options.more,
  });
  app.push.connect((event, payload) => pushes.push({ event, payload }));
  return {
    app,
    dataDir,
    logs,
    pushes,
    async invoke<T>(channel: string, input: unknown = {}): Promise<T> {
      const result = await app.ipc.invoke(channel, input);
      if (!result.ok) throw Object.assign(new Error(`${channel}: ${result.error.code} ${result.error.message}`), { info: result.error });
      return result.value as T;
    },
    stop: () => app.stop(),
  };
}

/** A hub browser that hears what the test says (mDNS stays out of unit tests). */
export class FakeBrowser implements HubBrowser {
  static opened: FakeBrowser[] = [];
  heard: HubsView = { hubs: [], problem: null };
  closed = false;
  private readonly listeners = new Set<(view: HubsView) => void>();

  constructor(readonly options: BrowseOptions) {
    FakeBrowser.opened.push(this);
  }
  view(): HubsView {
    return this.heard;
  }
  onChange(listener: (view: HubsView) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  hear(hubs: FoundHub[]): void {
    this.heard = { hubs, problem: null };
    for (const listener of this.listeners) listener(this.heard);
  }
  async close(): Promise<void> {
    this.closed = true;
  }
}

/** A hub as an announcement describes it. */
export function announced(hub: TestHub, more: Partial<FoundHub> = {}): FoundHub {
  return {
    hubId: hub.identity.hubId,
    name: hub.identity.name,
    fingerprintPrefix: hub.identity.fingerprint.slice(0, 16),
    protocolVersion: 1,
    host: 'balcao.local',
    addresses: ['127.0.0.1'],
    port: hub.port,
    lastHeardAt: 0,
    ...more,
  };
}
