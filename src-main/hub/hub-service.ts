import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { networkInterfaces, type NetworkInterfaceInfo } from 'node:os';
import { AppError } from '../../src-shared/errors';
import type { HubRole } from '../../src-shared/ipc/channels/join';
import type { HubProblemKind, HubState } from '../../src-shared/ipc/channels/screens';
import type { Clock } from '../base/clock';
import { Listeners } from '../base/listeners';
import type { Logger } from '../base/log';
import { Loop } from '../base/loop';
import { HUB_DB_FILE, HubDb } from '../db/hub/hub-db';
import type { ContractEndpoint, Device, HubIdentity } from './contract';
import { formatHubAddress, parseHubAddress, typedAddressesOf } from './discovery/address';
import { advertiseHub, type AdvertiseOptions, type HubAdvertisement } from './discovery/advertise';
import type { DiscoveryProblemKind } from './discovery/problems';
import { within } from './discovery/within';
import { startHubServer, type HubServer } from './link/hub-server';
import type { ScreenLimits } from './link/screen-sockets';
import { DeviceRegistry } from './trust/device-registry';
import { hubFolder, loadHubIdentity } from './trust/identity';
import { PairingWindow, type CodeView, type PairingInvite } from './trust/pairing-code';
import { HubPairingDesk } from './trust/pairing-desk';

/**
 * The hub role of a terminal: its identity, its paired screens, the pairing window, the LAN server
 * that serves the app's contract to its screens, and the announcement on the store's network.
 *
 * The port is opened only when there is something to open it for — a paired screen, or a code on
 * screen (or one that just ended: a screen trying it is told so, PairingWindow.toldUntil) — and
 * only while this terminal is a hub (an account open, not a screen of another) and takes screens
 * (the setting). A terminal that never paired a screen opens nothing on the network
 * and writes nothing of the hub's. Nothing here ends the app: a port in use, a damaged file, a
 * network with no multicast is a problem in the view (Settings › Telas), tried again later.
 */

export interface HubProblem {
  kind: HubProblemKind;
  message: string;
}

export interface PairedScreen extends Device {
  connected: boolean;
}

export interface HubView {
  state: HubState;
  enabled: boolean;
  port: number;
  problem: HubProblem | null;
  discovery: DiscoveryProblemKind | null;
  name: string;
  fingerprint: string | null;
  addresses: string[];
  pairing: CodeView;
  /** What the QR says while a code is shown (null without an address to give). */
  invite: PairingInvite | null;
  screens: PairedScreen[];
}

export interface HubServiceOptions {
  /** The terminal's own folder (never an account's: switching accounts must not unpair screens). */
  dataDir: string;
  clock: Clock;
  logger: Logger;
  /** The hub's app: what screens invoke and hear. */
  endpoint: ContractEndpoint;
  /** The settings' hub part now. */
  settings: () => { enabled: boolean; port: number };
  /** Whether this terminal is a hub now: an account is open and it is no screen of another. */
  isHub: () => boolean;
  /** The name screens see (the store's), read when the port opens; null when it cannot be known. */
  name: () => Promise<string | null>;
  /** The port, whatever the settings say (an integrator's flag; 0: any free port). */
  port?: number | undefined;
  /** Every interface when absent. */
  host?: string | undefined;
  /** How the hub is announced; null: not at all (tests). */
  advertise?: ((options: AdvertiseOptions) => Promise<HubAdvertisement>) | null;
  interfaces?: () => NodeJS.Dict<NetworkInterfaceInfo[]>;
  limits?: Partial<ScreenLimits>;
  /** What screens are told this is: a store's hub by default; `server` only in tests that play a chain's server with a store's hub. */
  role?: HubRole;
}

/** How often the view is refreshed (last contacts) and a failed port tried again. */
export const HUB_CHECK_MS = 30_000;
const FALLBACK_NAME = 'Store Terminal';
const NAME_WITHIN_MS = 3_000;

interface Trust {
  db: HubDb;
  registry: DeviceRegistry;
}

interface Listening {
  server: HubServer;
  identity: HubIdentity;
  advertisement: HubAdvertisement | null;
  announcing: Promise<void>;
}

export class HubService {
  private readonly window: PairingWindow;
  private readonly changed: Listeners<[]>;
  private readonly loop: Loop;
  private trust: Trust | null = null;
  private identity: Promise<HubIdentity> | null = null;
  private fingerprint: string | null = null;
  private listening: Listening | null = null;
  private problem: HubProblem | null = null;
  private name = FALLBACK_NAME;
  /** With "any free port" (0), the one taken first is kept for the run: paired screens find the hub where it was. */
  private chosenPort: number | null = null;
  /** One change of the listener at a time, in the order asked. */
  private settling: Promise<void> = Promise.resolve();
  /** Nothing opens before start() (the app it serves is not built yet), nor after stop(). */
  private started = false;
  private stopped = false;

  constructor(private readonly options: HubServiceOptions) {
    this.window = new PairingWindow(options.clock, options.logger);
    this.changed = new Listeners('hub view', options.logger);
    // A code used, ended, replaced: the list and the port follow.
    this.window.onChanged(() => void this.refresh());
    this.loop = new Loop({ name: 'hub', clock: options.clock, logger: options.logger, tick: () => this.tick() });
  }

  /** Opens what a previous run paired (if any) and starts following the settings and the role. */
  start(): void {
    this.started = true;
    this.loop.start();
  }

  /** The role, the settings or the list changed: the port opens or closes to match. Never throws. */
  refresh(): Promise<void> {
    const next = this.settling.then(() => this.settle());
    this.settling = next.catch(() => undefined);
    return next;
  }

  onChanged(listener: () => void): () => void {
    return this.changed.add(listener);
  }

  /** A new code for two minutes; opens the port if it was closed. */
  async openPairing(): Promise<HubView> {
    this.mustTakeScreens();
    this.openTrust();
    if (!this.trust) return this.view();
    this.window.open();
    await this.refresh();
    return this.view();
  }

  async closePairing(): Promise<HubView> {
    this.window.close();
    await this.refresh();
    return this.view();
  }

  /** Revokes a screen for good; its connection is closed before this returns. */
  async revoke(deviceId: string): Promise<HubView> {
    const trust = this.openTrust();
    if (!trust) throw new AppError('storage', this.problem?.message ?? 'the list of screens cannot be read');
    const known = trust.registry.list().some((d) => d.id === deviceId && d.revokedAt === null);
    if (!known) throw new AppError('not-found', 'No paired screen has this id.');
    trust.registry.revoke(deviceId);
    await this.refresh();
    return this.view();
  }

  view(): HubView {
    const settings = this.options.settings();
    const enabled = settings.enabled;
    const listening = this.listening;
    const port = listening?.server.port ?? (this.options.port === 0 ? (this.chosenPort ?? 0) : (this.options.port ?? settings.port));
    const pairing = this.window.view();
    const addresses = this.addresses(port);
    const connected = listening?.server.connectedDevices() ?? new Set<string>();
    const screens = this.activeScreens().map((device) => ({ ...device, connected: connected.has(device.id) }));
    const first = addresses[0] === undefined ? null : parseHubAddress(addresses[0]);
    const invite =
      pairing.state === 'open' && first?.ok && this.fingerprint ? { host: first.address.host, port, fingerprint: this.fingerprint, code: pairing.code } : null;
    return {
      state: this.state(),
      enabled,
      port,
      problem: this.problem,
      discovery: listening?.advertisement?.problem?.kind ?? null,
      name: listening?.identity.name ?? this.name,
      fingerprint: this.fingerprint,
      addresses,
      pairing,
      invite,
      screens,
    };
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.loop.stop();
    await this.settling;
    await this.close();
    this.trust?.db.close();
    this.trust = null;
  }

  private state(): HubState {
    if (!this.takesScreens()) return 'off';
    if (this.problem) return 'failed';
    return this.listening ? 'listening' : 'idle';
  }

  private takesScreens(): boolean {
    return this.started && !this.stopped && this.options.isHub() && this.options.settings().enabled;
  }

  private mustTakeScreens(): void {
    if (!this.options.isHub()) throw new AppError('not-configured', "This terminal takes screens once it is connected to the store's account.");
    if (!this.options.settings().enabled) throw new AppError('conflict', 'This terminal does not take screens: turn "Accept screens" on first.');
  }

  /**
   * The port is open while this terminal takes screens and has one paired, or a code on screen. A
   * code that ended (its fifth try, its two minutes) keeps it open a little longer (toldUntil): the
   * screen that spent it, or tries it late, hears why it no longer pairs, not a closed port.
   */
  private wanted(): boolean {
    if (!this.takesScreens()) return false;
    const toldUntil = this.window.toldUntil();
    return (toldUntil !== null && this.options.clock.now() < toldUntil) || this.activeScreens().length > 0;
  }

  private async tick(): Promise<number> {
    await this.refresh();
    this.changed.emit();
    const pairing = this.window.view();
    const now = this.options.clock.now();
    // A code's end is news on its own (the screen says the code expired), and so is the end of its telling: the port may close.
    const next = [pairing.state === 'open' ? pairing.expiresAt : null, this.window.toldUntil()].filter((at): at is number => at !== null && at >= now);
    return Math.min(HUB_CHECK_MS, ...next.map((at) => at - now + 10));
  }

  private async settle(): Promise<void> {
    const want = this.wanted();
    const port = this.options.port === 0 ? (this.chosenPort ?? 0) : (this.options.port ?? this.options.settings().port);
    const listening = this.listening;
    if (listening && (!want || (port !== 0 && listening.server.port !== port))) await this.close();
    if (want && !this.listening) await this.listen(port);
    if (!want) this.problem = this.problem?.kind === 'storage' ? this.problem : null;
    this.changed.emit();
  }

  private async listen(port: number): Promise<void> {
    const trust = this.openTrust();
    if (!trust) return;
    const { clock, logger } = this.options;
    try {
      this.name = await this.storeName();
      this.identity ??= loadHubIdentity({ dataDir: this.options.dataDir, name: this.name, clock, logger });
      const identity: HubIdentity = { ...(await this.identity), name: this.name };
      this.fingerprint = identity.fingerprint;
      const desk = new HubPairingDesk({ identity, window: this.window, registry: trust.registry, clock, logger });
      const server = await startHubServer({
        identity,
        devices: trust.registry,
        pairing: desk,
        endpoint: this.options.endpoint,
        logger,
        clock,
        port,
        ...(this.options.host ? { host: this.options.host } : {}),
        ...(this.options.limits ? { limits: this.options.limits } : {}),
        ...(this.options.role ? { role: this.options.role } : {}),
        presence: () => this.changed.emit(),
      });
      if (this.options.port === 0) this.chosenPort = server.port;
      const listening: Listening = { server, identity, advertisement: null, announcing: Promise.resolve() };
      listening.announcing = this.announce(listening);
      this.listening = listening;
      this.problem = null;
    } catch (error) {
      this.identity = null;
      this.problem = listenProblem(error, port);
      logger.warn('hub: screens cannot reach this terminal', { problem: this.problem });
    }
  }

  /** The store's name, or the last one known when it cannot be had at once (the port does not wait on the platform). */
  private async storeName(): Promise<string> {
    let named = this.name;
    const asking = this.options.name().then(
      (name) => void (named = name ?? named),
      () => undefined,
    );
    await within(asking, NAME_WITHIN_MS, this.options.clock);
    return named.trim().slice(0, 60) || FALLBACK_NAME;
  }

  /** In the background: the first announcement may take seconds, and the hub serves meanwhile. */
  private async announce(listening: Listening): Promise<void> {
    const advertise = this.options.advertise === undefined ? advertiseHub : this.options.advertise;
    if (!advertise) return;
    const advertisement = await advertise({ identity: listening.identity, port: listening.server.port, clock: this.options.clock, log: this.options.logger });
    listening.advertisement = advertisement;
    if (this.listening !== listening) return advertisement.close();
    this.changed.emit();
  }

  private async close(): Promise<void> {
    const listening = this.listening;
    if (!listening) return;
    this.listening = null;
    await listening.server.close();
    await listening.announcing.catch(() => undefined);
    await listening.advertisement?.close();
  }

  /** The hub's file, opened on first need (a terminal that never paired has none). */
  private openTrust(): Trust | null {
    if (this.trust || this.stopped) return this.trust;
    try {
      const db = HubDb.open(hubFolder(this.options.dataDir));
      this.trust = { db, registry: new DeviceRegistry(db, this.options.clock, this.options.logger) };
      if (this.problem?.kind === 'storage') this.problem = null;
    } catch (error) {
      this.problem = { kind: 'storage', message: error instanceof Error ? error.message : String(error) };
      this.options.logger.error('hub: the list of paired screens cannot be opened', { error });
    }
    return this.trust;
  }

  private activeScreens(): Device[] {
    const trust = this.trust ?? (existsSync(join(hubFolder(this.options.dataDir), HUB_DB_FILE)) ? this.openTrust() : null);
    if (!trust) return [];
    try {
      return trust.registry.list().filter((d) => d.revokedAt === null);
    } catch (error) {
      this.options.logger.warn('hub: the list of paired screens cannot be read', { error });
      return [];
    }
  }

  private addresses(port: number): string[] {
    const host = this.options.host;
    if (host && host !== '0.0.0.0' && host !== '::') {
      const parsed = parseHubAddress(host.includes(':') ? `[${host}]` : host, port);
      return parsed.ok ? [formatHubAddress(parsed.address)] : [];
    }
    try {
      return typedAddressesOf((this.options.interfaces ?? networkInterfaces)(), port);
    } catch {
      return [];
    }
  }
}

function listenProblem(error: unknown, port: number): HubProblem {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'EADDRINUSE') return { kind: 'port-in-use', message: `port ${port} is used by another program` };
  if (code === 'EACCES' || code === 'EPERM') return { kind: 'no-permission', message };
  if (error instanceof AppError && error.code === 'storage') return { kind: 'storage', message };
  return { kind: 'listen-failed', message };
}
