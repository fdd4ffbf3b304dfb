import { AppError } from '../../src-shared/errors';
import type { SetupState } from '../../src-shared/ipc/channels/setup';
import { channelNames, type AppStatus, type ChannelName } from '../../src-shared/ipc/contract';
import { applySettingsPatch, type Settings } from '../../src-shared/settings';
import { removeOrderDatabase } from '../account/account';
import { accountFor, type CredentialStore } from '../auth/credentials/credential-store';
import { openCredentialStore } from '../auth/credentials/open-store';
import type { SafeStorageLike } from '../auth/credentials/safe-storage-store';
import { clockRunningFrom, systemClock, type Clock } from '../base/clock';
import type { Logger } from '../base/log';
import { makePrivate, ownerOnlyFromNowOn } from '../base/private-folder';
import type { Config } from '../config/config';
import { exportDiagnostics, terminalReaders } from '../diagnostics/export';
import { terminalVariables } from '../diagnostics/readers';
import { emptyConfig, loadConfigFile, saveConfigFile, type SavedAccount, type TerminalConfig } from '../config/terminal-config';
import type { StartFeature } from '../features/feature';
import { deliveryOrdersFeature } from '../features/delivery-orders';
import { merchantFeature } from '../features/merchant';
import { ordersFeature } from '../features/orders';
import { promotionsFeature } from '../features/promotions';
import { reviewsFeature } from '../features/reviews';
import { IpcDispatcher, type Handlers } from '../ipc/dispatcher';
import type { SystemPrinter } from '../print/printers/system';
import { PushHub } from '../ipc/push-hub';
import { startSession, type Session } from './session';
import { SetupFlow } from './setup-flow';

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
}

export interface App {
  ipc: IpcDispatcher;
  push: PushHub;
  stop(): Promise<void>;
}

/** The terminal's features, each started on the account's session. A new feature is one line here. */
const FEATURES: readonly [name: string, start: StartFeature][] = [
  ['merchant', merchantFeature],
  ['orders', ordersFeature],
  ['reviews', reviewsFeature],
  ['promotions', promotionsFeature],
  ['delivery-orders', deliveryOrdersFeature],
];

/** Channels answered whether or not an account is open: the frame, the first run, the settings. */
const ALWAYS = ['app:status', 'app:exportDiagnostics', 'setup:state', 'setup:demo', 'setup:checkCentralized', 'setup:startAuthorization', 'setup:completeAuthorization', 'setup:finish', 'setup:signOut', 'settings:get', 'settings:update'] as const satisfies readonly ChannelName[];
type AlwaysChannel = (typeof ALWAYS)[number];

const OFFLINE_CONNECTIVITY = { state: 'connecting', lastSuccessAt: null, lastPollAt: null, reason: null } as const;

/**
 * The main process: the settings file, the credential store, and the session of the account the
 * terminal works as (none on a first run). The first-run screen opens a session; signing out closes
 * it; settings change without a restart. Shells (Electron, web) expose `ipc` and `push`.
 */
export async function startApp(options: StartOptions): Promise<App> {
  const { config, logger } = options;
  const clock = options.clock ?? (config.clockAt ? clockRunningFrom(Date.parse(config.clockAt)) : systemClock);
  // Every file the terminal writes (database, WAL, kept PDFs) is owner-only; so is the folder.
  ownerOnlyFromNowOn();
  makePrivate(config.dataDir);

  const loaded = loadConfigFile(config.dataDir);
  if (loaded.problem) logger.warn('settings file not used', { problem: loaded.problem.message });
  if (loaded.unknownKeys.length > 0) logger.warn('settings file has settings this version does not know; they are ignored', { keys: loaded.unknownKeys });
  let file: TerminalConfig = loaded.config;
  let problem: SetupState['problem'] = loaded.problem;
  /** A file that could not be read is kept beside the new one, never overwritten. */
  let keepUnreadable = loaded.problem !== null;

  const secrets: CredentialStore = await openCredentialStore({
    dataDir: config.dataDir,
    logger: logger.child({ room: 'auth' }),
    prefer: config.credentialStore,
    ...(options.safeStorage ? { safeStorage: options.safeStorage } : {}),
  });
  const push = new PushHub(logger);
  const setup = new SetupFlow({ clock, logger: logger.child({ room: 'setup' }) });
  let session: Session | undefined;
  let fromFlags = false;

  const save = (next: TerminalConfig): void => {
    file = next;
    saveConfigFile(config.dataDir, next, { keepUnreadable, nowMs: clock.now() });
    keepUnreadable = false;
  };
  const setupState = (): SetupState => ({
    account: session
      ? {
          kind: session.account.kind,
          apiBaseUrl: session.account.mode === 'demo' ? null : session.account.apiBaseUrl,
          clientId: session.account.mode === 'demo' ? null : session.account.clientId,
          stores: file.settings.stores,
          fromFlags,
        }
      : null,
    problem,
    credentialStore: { kind: secrets.kind, description: secrets.description },
  });

  const open = async (saved: SavedAccount, clientSecret?: string): Promise<void> => {
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
      features: FEATURES,
      systemPrinter: options.systemPrinter,
    });
    problem = null;
  };
  const close = async (): Promise<void> => {
    const closing = session;
    session = undefined;
    await closing?.stop();
  };
  const announce = (): SetupState => {
    const state = setupState();
    push.push('setup:changed', state);
    return state;
  };

  // The account: an integrator's flags win over the file; `--demo` tries the demo at once.
  const flagged: SavedAccount | undefined = config.demo
    ? { kind: 'demo' }
    : config.apiBaseUrl && config.clientId
      ? { kind: 'centralized', apiBaseUrl: config.apiBaseUrl, clientId: config.clientId }
      : undefined;
  fromFlags = flagged !== undefined;
  const saved = flagged ?? file.account;
  if (saved) {
    const secretMissing = saved.kind !== 'demo' && !config.clientSecret && !(await secrets.get(accountFor.clientSecret(saved.clientId)).catch(() => undefined));
    if (secretMissing && !fromFlags) {
      problem = {
        kind: 'secret-missing',
        message: `The secret of ${saved.clientId} is not kept on this machine (${secrets.description}): enter it again to connect.`,
      };
      logger.warn('account saved but its secret is not in the credential store: the first-run screen asks for it', { clientId: saved.clientId });
    } else {
      await open(saved, config.clientSecret);
    }
  }

  const always: Pick<Handlers, AlwaysChannel> = {
    'app:status': () => ({
      version: options.version,
      mode: session ? session.account.mode : 'setup',
      shell: options.shell,
      apiBaseUrl: session ? session.account.apiBaseUrl : null,
      dataDir: config.dataDir,
      pollIntervalSeconds: session?.pollSeconds ?? 0,
      connectivity: session?.connectivity.current ?? OFFLINE_CONNECTIVITY,
      now: new Date(clock.now()).toISOString(),
    }),
    'app:exportDiagnostics': ({ userAgent }) => {
      const account = session?.account;
      return exportDiagnostics(
        {
          generatedAt: new Date(clock.now()).toISOString(),
          appVersion: options.version,
          window: userAgent ?? null,
          terminal: { shell: options.shell, mode: account?.mode ?? 'setup', account: account ? { kind: account.kind, apiBaseUrl: account.apiBaseUrl, clientId: account.clientId } : null, vault: secrets.kind, dataDir: config.dataDir, environment: terminalVariables(process.env) },
          connectivity: session?.connectivity.current ?? OFFLINE_CONNECTIVITY,
          pollIntervalSeconds: session?.pollSeconds ?? 0,
        },
        terminalReaders({ dataDir: config.dataDir, accountDir: account?.dataDir ?? config.dataDir, settings: () => file.settings, stores: [secrets, ...(account ? [account.secrets] : [])], givenSecrets: [config.clientSecret, account?.clientSecret] }),
      );
    },
    'setup:state': () => setupState(),
    'setup:demo': async () => {
      await close();
      await setup.reset();
      save({ ...file, account: { kind: 'demo' } });
      fromFlags = false;
      await open({ kind: 'demo' });
      return announce();
    },
    'setup:checkCentralized': async (input) => ({ stores: await setup.checkCentralized(input) }),
    'setup:startAuthorization': (input) => setup.startAuthorization(input),
    'setup:completeAuthorization': async ({ authorizationCode }) => ({ stores: await setup.completeAuthorization(authorizationCode) }),
    'setup:finish': async ({ stores }) => {
      const candidate = setup.candidate;
      if (!candidate) throw new AppError('validation', 'connect an account first', { field: 'stores' });
      const known = new Set(candidate.stores.map((s) => s.id));
      if (stores !== 'all' && stores.some((id) => !known.has(id))) throw new AppError('validation', 'a chosen store is not one of the account', { field: 'stores' });
      await close();
      // The secrets go to the credential store; the settings file never holds one.
      await secrets.set(accountFor.clientSecret(candidate.saved.clientId), candidate.clientSecret);
      for (const name of await candidate.secrets.accounts()) {
        const value = await candidate.secrets.get(name);
        if (value !== undefined && name !== accountFor.clientSecret(candidate.saved.clientId)) await secrets.set(name, value);
      }
      save({ ...file, account: candidate.saved, settings: { ...file.settings, stores, currentStoreId: null } });
      fromFlags = false;
      await setup.reset();
      await open(candidate.saved, candidate.clientSecret);
      return announce();
    },
    'setup:signOut': async ({ deleteOrders }) => {
      if (fromFlags) throw new AppError('validation', 'this terminal is set up by command-line flags: change them to sign out', { field: 'account' });
      const account = session?.account;
      await close();
      await setup.reset();
      for (const name of await secrets.accounts()) await secrets.delete(name);
      if (deleteOrders) {
        removeOrderDatabase(config.dataDir);
        removeOrderDatabase(`${config.dataDir}/demo`);
      }
      save({ ...emptyConfig(), settings: { ...file.settings, stores: 'all', currentStoreId: null } });
      problem = null;
      logger.info('signed out', { kind: account?.kind, ordersDeleted: deleteOrders });
      return announce();
    },
    'settings:get': () => file.settings,
    'settings:update': (patch) => {
      const settings: Settings = applySettingsPatch(file.settings, patch);
      save({ ...file, settings });
      push.push('settings:changed', settings);
      return settings;
    },
  };

  const sessionHandler =
    (name: ChannelName) =>
    (input: unknown): unknown => {
      const handler = session?.handlers[name] as ((input: unknown) => unknown) | undefined;
      if (!session) throw new AppError('not-configured', 'no account yet: finish the first-run screen');
      if (!handler) throw new AppError('internal', `no handler for ${name}`);
      return handler(input);
    };
  const handlers = Object.fromEntries(
    channelNames.map((name) => [name, (ALWAYS as readonly string[]).includes(name) ? always[name as AlwaysChannel] : sessionHandler(name)]),
  ) as unknown as Handlers;
  const ipc = new IpcDispatcher(handlers, logger.child({ room: 'ipc' }));

  return {
    ipc,
    push,
    stop: async () => {
      // Answer what is in flight first, then stop the session and the checks.
      await ipc.drain();
      await close();
      await setup.reset();
    },
  };
}

export type { Session };
