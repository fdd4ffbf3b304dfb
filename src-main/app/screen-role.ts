import { AppError, ReportedError } from '../../src-shared/errors';
import { screenSettings, type HubRole, type LinkView } from '../../src-shared/ipc/channels/join';
import { channelNames, type AppStatus, type IpcResult, type PushName } from '../../src-shared/ipc/contract';
import { Settings } from '../../src-shared/settings';
import { BoardRow, type OrdersChanged } from '../../src-shared/ipc/channels/orders';
import { z } from 'zod';
import { accountFor, type CredentialStore } from '../auth/credentials/credential-store';
import type { Clock } from '../base/clock';
import type { Logger } from '../base/log';
import type { SavedScreen, TerminalConfig } from '../config/terminal-config';
import type { ScreenSide } from '../feature-kit/feature';
import type { BrowseOptions, HubBrowser } from '../hub/discovery/browse';
import { DeviceCredential, type ContractEndpoint } from '../hub/contract';
import { RemoteEndpoint, type LinkState } from '../hub/link/remote-endpoint';
import { screenMayHear } from '../hub/link/screen-channels';
import { queueingEndpoint } from '../hub/screen-queue/queueing-endpoint';
import { KeptOnScreen, type KeptOnScreenOptions } from '../hub/screen-queue/kept-on-screen';
import type { ScreenPrinting } from '../hub/screen-print/screen-printing';
import { HubAddresses, HubFollower } from '../hub/link/hub-whereabouts';
import type { SystemPrinter } from '../print/printers/system';
import type { Handlers } from '../ipc/dispatcher';
import type { PushFanout } from '../ipc/push-fanout';

/**
 * The terminal as a screen of a hub (docs/architecture.md § Hub and screens). A screen opens no
 * account, no database and no queue: the channels it keeps (its pairing, its language, the hub-only
 * ones in a screen's words) are its own features'; every other one is the hub's, through a
 * RemoteEndpoint pinned to the certificate seen at pairing. The hub's pushes are relayed to the
 * screen's windows as the app's own, and the link's state is pushed as `join:link`, so the window
 * knows at once when its board goes stale.
 */

export interface ScreenRoleOptions {
  /** The terminal's own folder: a screen of a chain's server keeps its waiting actions there. */
  dataDir: string;
  clock: Clock;
  logger: Logger;
  push: PushFanout;
  secrets: CredentialStore;
  file(): TerminalConfig;
  save(next: TerminalConfig): void;
  /**
   * Looks for the hub on the store's network while the link is down (it may have come back at
   * another address); null: never (tests that say so).
   */
  browse: ((options: BrowseOptions) => HubBrowser) | null;
  /** The link's endpoint (tests pass timings); a RemoteEndpoint by default. */
  endpoint?: (options: ConstructorParameters<typeof RemoteEndpoint>[0]) => RemoteEndpoint;
  /** The waiting actions' timings (tests). */
  outbox?: KeptOnScreenOptions['outbox'];
  /** The shell's system printers (Electron's silent print); CUPS otherwise. */
  systemPrinter?: SystemPrinter | undefined;
  /** How tickets reach a printer (tests replace it). */
  printing?: KeptOnScreenOptions['printing'];
}

interface Live {
  side: ScreenSide;
  stop(): Promise<void>;
}

export class ScreenRole {
  private live: Live | undefined;

  constructor(private readonly options: ScreenRoleOptions) {}

  side(): ScreenSide | undefined {
    return this.live?.side;
  }

  /** At start: a saved pairing goes on, with its credential from the credential store. */
  async resume(): Promise<void> {
    const pairing = this.options.file().screen;
    if (!pairing) return;
    this.options.logger.info('this terminal is a screen of a hub: no account, no poll', { hubId: pairing.hubId, kind: pairing.kind });
    this.begin(pairing, await this.credentialOf(pairing));
  }

  /** The credential first (a pairing in the file without its credential would say "pair again"), then the file, then the link. */
  async become(pairing: SavedScreen, credential: DeviceCredential): Promise<void> {
    await this.end();
    await this.options.secrets.set(accountFor.hubDevice(pairing.hubId), JSON.stringify(credential));
    this.options.save({ ...this.options.file(), account: null, screen: pairing });
    this.options.logger.info('this terminal is now a screen', { hubId: pairing.hubId, kind: pairing.kind });
    this.begin(pairing, credential);
  }

  /** Forgets the hub: the link closed, the credential deleted, the pairing out of the file. */
  async leave(): Promise<void> {
    const pairing = this.options.file().screen;
    await this.end();
    if (pairing) {
      await this.options.secrets
        .delete(accountFor.hubDevice(pairing.hubId))
        .catch((error: unknown) => this.options.logger.warn('the hub credential could not be deleted', { error }));
      this.options.logger.info('screen unpaired', { hubId: pairing.hubId });
    }
    this.options.save({ ...this.options.file(), screen: null });
  }

  async stop(): Promise<void> {
    await this.end();
  }

  private async end(): Promise<void> {
    const live = this.live;
    this.live = undefined;
    await live?.stop();
  }

  private async credentialOf(pairing: SavedScreen): Promise<DeviceCredential | null> {
    try {
      const text = await this.options.secrets.get(accountFor.hubDevice(pairing.hubId));
      const parsed = text === undefined ? undefined : DeviceCredential.safeParse(JSON.parse(text));
      if (parsed?.success && parsed.data.deviceId === pairing.deviceId) return parsed.data;
      this.options.logger.warn("this screen's device credential is not in the credential store: pair it again", {
        hubId: pairing.hubId,
        store: this.options.secrets.kind,
      });
    } catch (error) {
      this.options.logger.warn("this screen's device credential could not be read: pair it again", { hubId: pairing.hubId, error });
    }
    return null;
  }

  private begin(pairing: SavedScreen, credential: DeviceCredential | null): void {
    const { clock, logger, push } = this.options;
    if (!credential) {
      const since = new Date(clock.now()).toISOString();
      const refused: LinkView = { state: 'refused', since, reason: 'no-credential' };
      this.live = {
        side: { pairing, hub: noCredential, link: () => refused, reconnectNow: () => {}, lastSaid: { settings: null, status: null }, printing: () => null },
        stop: async () => {},
      };
      return;
    }
    const addresses = new HubAddresses({ host: pairing.host, port: pairing.port });
    const endpoint = (this.options.endpoint ?? ((o) => new RemoteEndpoint(o)))({
      hub: () => addresses.next(),
      fingerprint: pairing.fingerprint,
      credential,
      role: pairing.role,
      clock,
      logger: logger.child({ room: 'hub-link' }),
    });
    const follower = new HubFollower(pairing.hubId, addresses, endpoint, this.options);
    const waiting = new KeptOnScreen(pairing.hubId, endpoint, {
      ...this.options,
      settings: () => this.options.file().settings,
      changed: (entry) => push.push('orders:changed', { rows: [], actions: [entry] }),
      leverChanged: (entry) => push.push('storeActions:changed', entry),
      printStatus: (status) => push.push('print:changed', status),
    });
    if (pairing.role === 'server') waiting.open();
    const stopLink = endpoint.onLink((state) => {
      if (state.state === 'connected') {
        this.settle(addresses);
        if (this.learnRole(state.role) === 'server') waiting.open();
        // What was confirmed while the link was down prints now (once: the queue's key).
        void waiting.printing?.catchUp().catch((error: unknown) => logger.warn('screen printing: catching up failed', { error }));
      }
      follower.follow(state.state === 'lost');
      push.push('join:link', linkView(state));
    });
    const lastSaid: ScreenSide['lastSaid'] = { settings: null, status: null };
    const stopRelay = endpoint.connect((event, payload) => this.relay(event, payload, lastSaid, waiting.printing));
    endpoint.start();
    this.live = {
      side: {
        pairing,
        hub: queueingEndpoint(endpoint, () => waiting.outbox, clock, {
          marked: () => (waiting.printing ? (rows) => waiting.printing?.marked(rows) ?? [...rows] : null),
        }),
        link: () => linkView(endpoint.link()),
        reconnectNow: () => endpoint.reconnectNow(),
        lastSaid,
        printing: () => waiting.printing,
      },
      stop: async () => {
        stopLink();
        stopRelay();
        await follower.close();
        await waiting.close();
        await endpoint.close();
      },
    };
  }

  /** The hub answered at an address the file does not have: the file follows (only a proven hub moves it). */
  private settle(addresses: HubAddresses): void {
    const reached = addresses.reached();
    const file = this.options.file();
    if (!file.screen || (file.screen.host === reached.host && file.screen.port === reached.port)) return;
    this.options.logger.info('the hub answered at a new address', { port: reached.port });
    this.options.save({ ...file, screen: { ...file.screen, host: reached.host, port: reached.port } });
    addresses.saved = reached;
  }

  /** What the hub says it is at each connection; the file follows (a pairing made before there were servers, a hub turned into one). */
  private learnRole(role: HubRole): HubRole {
    const file = this.options.file();
    if (file.screen && file.screen.role !== role) {
      this.options.logger.info('the hub says what it is: the pairing follows', { hubId: file.screen.hubId, role });
      this.options.save({ ...file, screen: { ...file.screen, role } });
    }
    return role;
  }

  /**
   * A hub's push to this screen's windows: only what a screen may hear, its settings with the
   * screen's own on top. A screen that prints itself hears the rows for its print queue too, and
   * tells its windows of its own printers, never the hub's.
   */
  private relay(event: PushName, payload: unknown, lastSaid: ScreenSide['lastSaid'], printing: ScreenPrinting | null): void {
    if (!screenMayHear(event)) return;
    if (event === 'settings:changed') {
      const hub = Settings.safeParse(payload);
      if (!hub.success) return;
      lastSaid.settings = hub.data;
      const file = this.options.file();
      this.options.push.push('settings:changed', screenSettings(hub.data, file.settings, file.screen?.role));
      return;
    }
    if (printing && event === 'print:changed') return;
    if (printing && event === 'orders:changed') {
      const heard = HeardRows.safeParse(payload);
      if (heard.success) {
        printing.heard(heard.data.rows);
        // The windows see the tickets this screen printed on the cards, as on a terminal of its own.
        this.options.push.push('orders:changed', { ...(payload as OrdersChanged), rows: printing.marked(heard.data.rows) });
        return;
      }
    }
    if (event === 'status:changed' && lastSaid.status) lastSaid.status = { ...lastSaid.status, connectivity: payload as AppStatus['connectivity'] };
    this.options.push.push(event, payload as never);
  }
}

/** The rows of an `orders:changed` push, read before they reach the print queue (a hub's push is input like any other). */
const HeardRows = z.object({ rows: z.array(BoardRow) });

/** A screen whose credential store lost its device credential: nothing reaches the hub. */
const noCredential: ContractEndpoint = {
  invoke: async (): Promise<IpcResult<unknown>> => ({
    ok: false,
    error: { code: 'auth', message: 'this screen has no device credential: pair it with the hub again' },
  }),
  connect: () => () => {},
};

export function linkView(state: LinkState): LinkView {
  const since = new Date(state.since).toISOString();
  if (state.state === 'connected') return { state: 'connected', since, reason: null };
  return { state: state.state, since, reason: state.reason };
}

/**
 * A screen's handlers: its own features' for the channels it keeps, the hub's for every other one
 * (the hub parses the input again and answers with its own error kinds, passed on as they are).
 */
export function screenHandlers(local: Partial<Handlers>, hub: () => ContractEndpoint | undefined): Handlers {
  const forward =
    (channel: string) =>
    async (input: unknown): Promise<unknown> => {
      const endpoint = hub();
      if (!endpoint) throw new AppError('not-configured', 'this terminal is not a screen');
      const result = await endpoint.invoke(channel, input);
      if (result.ok) return result.value;
      throw new ReportedError(result.error);
    };
  return Object.fromEntries(channelNames.map((name) => [name, local[name] ?? forward(name)])) as unknown as Handlers;
}
