import { AppError } from '../../../src-shared/errors';
import type { SetupState } from '../../../src-shared/ipc/channels/setup';
import { removeOrderDatabase } from '../../account/account';
import { accountFor } from '../../auth/credentials/credential-store';
import { emptyConfig } from '../../config/terminal-config';
import { appFeature, type TerminalControl } from '../../feature-kit/feature';
import { SetupFlow } from './setup-flow';

/** What the first-run screen shows: the account the terminal works as (if any), why it could not open, where secrets live. */
export function setupState(terminal: TerminalControl): SetupState {
  const session = terminal.session();
  const { secrets } = terminal;
  return {
    account: session
      ? {
          kind: session.account.kind,
          apiBaseUrl: session.account.mode === 'demo' ? null : session.account.apiBaseUrl,
          clientId: session.account.mode === 'demo' ? null : session.account.clientId,
          stores: terminal.file().settings.stores,
          fromFlags: terminal.fromFlags,
        }
      : null,
    problem: terminal.problem,
    credentialStore: { kind: secrets.kind, description: secrets.description },
    // A screen answers `setup:state` itself (features/screen-role): this is a hub, or a first run.
    screen: null,
  };
}

/**
 * The first run and signing out: the demo, a centralized application checked against the platform,
 * a distributed application's authorization, the stores served; the secret goes to the credential
 * store only once the manager finishes. Every change of the account is pushed (`setup:changed`).
 */
export const setupFeature = appFeature({
  name: 'setup',
  channels: ['setup:state', 'setup:demo', 'setup:checkCentralized', 'setup:startAuthorization', 'setup:completeAuthorization', 'setup:finish', 'setup:signOut'],
  start: ({ clock, logger, push, terminal }) => {
    const setup = new SetupFlow({ clock, logger: logger.child({ room: 'setup' }) });
    const announce = (): SetupState => {
      const state = setupState(terminal);
      push.push('setup:changed', state);
      return state;
    };
    return {
      handlers: {
        'setup:state': () => setupState(terminal),
        'setup:demo': async () => {
          await terminal.close();
          await setup.reset();
          terminal.save({ ...terminal.file(), account: { kind: 'demo' } });
          terminal.fromFlags = false;
          await terminal.open({ kind: 'demo' });
          return announce();
        },
        'setup:checkCentralized': async (input) => ({ stores: await setup.checkCentralized(input) }),
        'setup:startAuthorization': (input) => setup.startAuthorization(input),
        'setup:completeAuthorization': async ({ authorizationCode }) => ({ stores: await setup.completeAuthorization(authorizationCode) }),
        'setup:finish': async ({ stores }) => {
          const candidate = setup.candidate;
          if (!candidate) throw new AppError('validation', 'connect an account first', { field: 'stores' });
          const known = new Set(candidate.stores.map((s) => s.id));
          if (stores !== 'all' && stores.some((id) => !known.has(id)))
            throw new AppError('validation', 'a chosen store is not one of the account', { field: 'stores' });
          await terminal.close();
          // The secrets go to the credential store; the settings file never holds one.
          const { secrets } = terminal;
          await secrets.set(accountFor.clientSecret(candidate.saved.clientId), candidate.clientSecret);
          for (const name of await candidate.secrets.accounts()) {
            const value = await candidate.secrets.get(name);
            if (value !== undefined && name !== accountFor.clientSecret(candidate.saved.clientId)) await secrets.set(name, value);
          }
          const file = terminal.file();
          terminal.save({ ...file, account: candidate.saved, settings: { ...file.settings, stores, currentStoreId: null } });
          terminal.fromFlags = false;
          await setup.reset();
          await terminal.open(candidate.saved, candidate.clientSecret);
          return announce();
        },
        'setup:signOut': async ({ deleteOrders }) => {
          if (terminal.fromFlags)
            throw new AppError('validation', 'this terminal is set up by command-line flags: change them to sign out', { field: 'account' });
          const account = terminal.session()?.account;
          await terminal.close();
          await setup.reset();
          for (const name of await terminal.secrets.accounts()) await terminal.secrets.delete(name);
          if (deleteOrders) {
            const { dataDir } = terminal.config;
            removeOrderDatabase(dataDir);
            removeOrderDatabase(`${dataDir}/demo`);
          }
          terminal.save({ ...emptyConfig(), settings: { ...terminal.file().settings, stores: 'all', currentStoreId: null } });
          terminal.problem = null;
          logger.info('signed out', { kind: account?.kind, ordersDeleted: deleteOrders });
          return announce();
        },
      },
      // A check in flight (a token request, an authorization) is dropped with the app.
      stop: () => setup.reset(),
    };
  },
});
