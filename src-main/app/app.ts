import { AppError } from '../../src-shared/errors';
import type { SetupState } from '../../src-shared/ipc/channels/setup';
import { channelNames, type AppStatus, type ChannelName } from '../../src-shared/ipc/contract';
import { accountFor, type CredentialStore } from '../auth/credentials/credential-store';
import { openCredentialStore } from '../auth/credentials/open-store';
import type { SafeStorageLike } from '../auth/credentials/safe-storage-store';
import { clockRunningFrom, systemClock, type Clock } from '../base/clock';
import type { Logger } from '../base/log';
import { makePrivate, ownerOnlyFromNowOn } from '../base/private-folder';
import type { Config } from '../config/config';
import { loadConfigFile, saveConfigFile, type SavedAccount, type TerminalConfig } from '../config/terminal-config';
import type { AppFeature, StartedFeature, TerminalControl } from '../feature-kit/feature';
import { browseHubs } from '../hub/discovery/browse';
import { HubService, type HubServiceOptions } from '../hub/hub-service';
import { storeNameOf } from '../hub/store-name';
import { IpcDispatcher, type CallOrigin, type Handlers } from '../ipc/dispatcher';
import { PushFanout } from '../ipc/push-fanout';
import type { SystemPrinter } from '../print/printers/system';
import { APP_FEATURES, checkFeatures, checkHandlers, checkScreenFeatures, SCREEN_FEATURES, SESSION_FEATURES } from './features';
import { ScreenRole, screenHandlers, type ScreenRoleOptions } from './screen-role';
import { startSession, type Session } from './session';

export interface StartOptions {
  config: Config;
  shell: AppStatus['shell'];
  logger: Logger;
  version: string;
  clock?: Clock;
  /** Electron's safeStorage, from the Electron shell: where no OS keychain is, secrets are encrypted with it. */
  safeStorage?: SafeStorageLike;
  /** The shell's system printers (Electron's silent print); CUPS otherwise. */
  systemPrinter?: SystemPrinter;
  /** How a screen looks for its hub on the network (tests: none, or their own). */
  screenBrowse?: ScreenRoleOptions['browse'];
  /** Where the hub listens, how it is announced and under which name (tests: loopback, no announcement). */
  hub?: Partial<Pick<HubServiceOptions, 'host' | 'advertise' | 'interfaces' | 'limits' | 'name' | 'role'>>;
}

export interface App {
  ipc: IpcDispatcher;
  push: PushFanout;
  stop(): Promise<void>;
}

/**
 * The main process: the settings file, the credential store, and the session of the account the
 * terminal works as (none on a first run). The first-run screen opens a session; signing out closes
 * it; settings change without a restart. Every channel is answered by one feature (`features.ts`):
 * the app-level ones always, the session's while an account is open. Shells (Electron, web) expose
 * `ipc` and `push`.
 */
export async function startApp(options: StartOptions): Promise<App> {
  const { config, logger } = options;
  // Refuses to start with a channel no feature answers, or one answered twice.
  checkFeatures([...APP_FEATURES, ...SESSION_FEATURES]);
  checkScreenFeatures(SCREEN_FEATURES);
  const clock = options.clock ?? (config.clockAt ? clockRunningFrom(Date.parse(config.clockAt), config.clockRate) : systemClock);
  // Said as it starts: a test's sandbox on the same faster clock starts its own at this line (test/support/shells/web-shell.ts).
  if (!options.clock && config.clockAt) logger.info('clock started', { at: config.clockAt, rate: config.clockRate ?? 1 });
  // Every file the terminal writes (database, WAL, kept PDFs) is owner-only; so is the folder.
  ownerOnlyFromNowOn();
  makePrivate(config.dataDir);

  const loaded = loadConfigFile(config.dataDir);
  if (loaded.problem) logger.warn('settings file not used', { problem: loaded.problem.message });
  if (loaded.unknownKeys.length > 0) logger.warn('settings file has settings this version does not know; they are ignored', { keys: loaded.unknownKeys });
  let file: TerminalConfig = loaded.config;
  /** A file that could not be read is kept beside the new one, never overwritten. */
  let keepUnreadable = loaded.problem !== null;

  const secrets: CredentialStore = await openCredentialStore({
    dataDir: config.dataDir,
    logger: logger.child({ room: 'auth' }),
    prefer: config.credentialStore,
    ...(options.safeStorage ? { safeStorage: options.safeStorage } : {}),
  });
  const push = new PushFanout(logger);
  let session: Session | undefined;
  // A screen of a hub (app/screen-role.ts); it saves through the terminal's own `save` below.
  const screenRole = new ScreenRole({
    dataDir: config.dataDir,
    clock,
    logger,
    push,
    secrets,
    file: () => file,
    save: (next) => terminal.save(next),
    browse: options.screenBrowse === undefined ? browseHubs : options.screenBrowse,
    systemPrinter: options.systemPrinter,
  });
  // Built before the dispatcher it serves: nothing reaches `ipc` before the hub is started below.
  // eslint-disable-next-line prefer-const
  let ipc: IpcDispatcher;
  // The hub role: every terminal that works on an account (and is no screen of another) takes screens.
  const hub = new HubService({
    dataDir: config.dataDir,
    clock,
    logger: logger.child({ room: 'hub' }),
    endpoint: { invoke: (channel, input, origin) => ipc.invoke(channel, input, origin ?? null), connect: (sink) => push.connect(sink) },
    settings: () => file.settings.hub,
    // A screen of another terminal opens no account, and takes no screens of its own.
    isHub: () => session !== undefined && !screenRole.side(),
    name: () => storeNameOf(ipc, file.settings.currentStoreId),
    port: config.hubPort,
    ...(config.hubAnnounce ? {} : { advertise: null }),
    ...options.hub,
  });

  const terminal: TerminalControl = {
    config,
    secrets,
    file: () => file,
    save: (next) => {
      file = next;
      saveConfigFile(config.dataDir, next, { keepUnreadable, nowMs: clock.now() });
      keepUnreadable = false;
    },
    session: () => session,
    open: async (saved: SavedAccount, clientSecret?: string) => {
      session = await startSession({
        saved,
        dataDir: config.dataDir,
        secrets,
        clientSecret,
        clock,
        logger,
        push,
        pollSeconds: config.pollIntervalSeconds,
        settings: () => file.settings,
        features: SESSION_FEATURES,
        systemPrinter: options.systemPrinter,
      });
      terminal.problem = null;
      void hub.refresh();
    },
    close: async () => {
      const closing = session;
      session = undefined;
      // Screens are cut before the session they call goes.
      await hub.refresh();
      await closing?.stop();
    },
    fromFlags: false,
    problem: loaded.problem as SetupState['problem'],
    screen: () => screenRole.side(),
    becomeScreen: async (pairing, credential) => {
      await terminal.close();
      await screenRole.become(pairing, credential);
      await hub.refresh();
    },
    leaveScreen: async () => {
      await screenRole.leave();
      await hub.refresh();
    },
  };

  // The account: an integrator's flags win over the file; `--demo` tries the demo at once.
  const flagged: SavedAccount | undefined = config.demo
    ? { kind: 'demo' }
    : config.apiBaseUrl && config.clientId
      ? { kind: 'centralized', apiBaseUrl: config.apiBaseUrl, clientId: config.clientId }
      : undefined;
  terminal.fromFlags = flagged !== undefined;
  // A screen of a hub opens no account, whatever the flags and the credential store hold: it never polls the platform.
  if (file.screen && flagged) logger.warn('this terminal is a screen of a hub: the account given by flags is not opened (unpair it in Settings to use one)');
  const saved = file.screen ? undefined : (flagged ?? file.account);
  if (file.screen) await screenRole.resume();
  if (saved) {
    const secretMissing = saved.kind !== 'demo' && !config.clientSecret && !(await secrets.get(accountFor.clientSecret(saved.clientId)).catch(() => undefined));
    if (secretMissing && !terminal.fromFlags) {
      terminal.problem = {
        kind: 'secret-missing',
        message: `The secret of ${saved.clientId} is not kept on this machine (${secrets.description}): enter it again to connect.`,
      };
      logger.warn('account saved but its secret is not in the credential store: the first-run screen asks for it', { clientId: saved.clientId });
    } else {
      await terminal.open(saved, config.clientSecret);
    }
  }

  // The app-level features of both roles, each started once (the join feature and diagnostics serve both).
  const started = new Map<AppFeature, StartedFeature>();
  for (const feature of new Set<AppFeature>([...APP_FEATURES, ...SCREEN_FEATURES])) {
    const parts = feature.start({ clock, logger, push, version: options.version, shell: options.shell, terminal, hub });
    checkHandlers(feature, parts.handlers);
    started.set(feature, parts);
  }
  const appParts = [...started.values()];
  const handlersOf = (features: readonly AppFeature[]): Partial<Handlers> => Object.assign({}, ...features.map((f) => started.get(f)?.handlers));
  const always = handlersOf(APP_FEATURES);
  const sessionHandler =
    (name: ChannelName) =>
    (input: unknown, origin?: CallOrigin): unknown => {
      if (!session) throw new AppError('not-configured', 'no account yet: finish the first-run screen');
      const handler = session.handlers[name] as ((input: unknown, origin: CallOrigin) => unknown) | undefined;
      if (!handler) throw new AppError('internal', `no handler for ${name}`);
      return handler(input, origin ?? null);
    };
  const asHub = Object.fromEntries(channelNames.map((name) => [name, always[name] ?? sessionHandler(name)])) as unknown as Handlers;
  const asScreen = screenHandlers(handlersOf(SCREEN_FEATURES), () => screenRole.side()?.hub);
  // The role is looked at per call: pairing makes a first run a screen, unpairing a first run again.
  // The origin (which paired screen called the hub) goes with the call.
  type Handler = (input: never, origin?: CallOrigin) => unknown;
  const handlers = Object.fromEntries(
    channelNames.map((name) => [name, (input: never, origin?: CallOrigin) => ((screenRole.side() ? asScreen : asHub)[name] as Handler)(input, origin)]),
  ) as unknown as Handlers;
  // A screen's calls are ruled where they are answered, at its hub (its staff, its trail).
  ipc = new IpcDispatcher(handlers, logger.child({ room: 'ipc' }), () => (screenRole.side() ? undefined : session?.guard));
  // "Aceitar telas" turned on or off, another port: the hub follows at once.
  const stopFollowing = push.connect((event) => event === 'settings:changed' && void hub.refresh());
  hub.start();

  return {
    ipc,
    push,
    stop: async () => {
      // No screen calls in any more; then answer what is in flight, then stop the session and the app's own features.
      stopFollowing();
      await hub.stop();
      await ipc.drain();
      await terminal.close();
      await screenRole.stop();
      for (const parts of appParts.reverse()) await parts.stop?.();
    },
  };
}

export type { Session };
