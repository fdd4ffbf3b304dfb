import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { AppStatus } from '../../src-shared/ipc/contract';
import type { Logger } from '../base/log';
import { makePrivate } from '../base/private-folder';
import { MemoryCredentialStore, type CredentialStore } from '../auth/credentials/credential-store';
import { openCredentialStore } from '../auth/credentials/open-store';
import type { SafeStorageLike } from '../auth/credentials/safe-storage-store';
import type { Config } from '../config/config';
import { DATABASE_FILE } from '../db/database';
import { DEMO_CREDENTIALS, startEmbeddedSandbox } from '../demo/embedded-sandbox';

/**
 * Who the terminal works as, and where: the API it talks to, the application's credentials, the
 * credential store, and the folder its files live in. Demo mode is one way to open an account (an
 * embedded sandbox, secrets in memory, files in `demo/` started afresh), so nothing after this
 * point needs to know which mode it runs in.
 */
export interface Account {
  mode: AppStatus['mode'];
  apiBaseUrl: string;
  clientId: string | undefined;
  /** Given on this launch; else the credential store has it from an earlier one. */
  clientSecret: string | undefined;
  secrets: CredentialStore;
  /** The database, the last known stores and the kept check-in sheets live here. */
  dataDir: string;
  close(): Promise<void>;
}

export interface OpenAccountOptions {
  config: Config;
  logger: Logger;
  /** Electron's safeStorage, from the Electron shell: where no OS keychain is, secrets are encrypted with it. */
  safeStorage?: SafeStorageLike;
  /** The app's clock, for the embedded sandbox of demo mode: both sides then agree on the time. */
  now?: () => number;
}

export async function openAccount(options: OpenAccountOptions): Promise<Account> {
  const { config, logger } = options;
  // Customers' data lives here: owner-only, whatever was there before.
  makePrivate(config.dataDir);
  if (config.apiBaseUrl) {
    const secrets = await openCredentialStore({
      dataDir: config.dataDir,
      logger: logger.child({ room: 'auth' }),
      prefer: config.credentialStore,
      ...(options.safeStorage ? { safeStorage: options.safeStorage } : {}),
    });
    return {
      mode: 'live',
      apiBaseUrl: config.apiBaseUrl,
      clientId: config.clientId,
      clientSecret: config.clientSecret,
      secrets,
      dataDir: config.dataDir,
      close: async () => {},
    };
  }
  return openDemoAccount(options);
}

/**
 * Demo mode: the embedded sandbox starts from its seed at every launch, so orders kept from an
 * earlier demo would be orders the new sandbox never heard of. The demo keeps its own folder
 * (`demo/` under the data folder, never the real one) and its order database starts afresh.
 */
async function openDemoAccount(options: OpenAccountOptions): Promise<Account> {
  const { config, logger } = options;
  const sandbox = await startEmbeddedSandbox(options.now);
  const dataDir = join(config.dataDir, 'demo');
  const database = join(dataDir, DATABASE_FILE);
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${database}${suffix}`, { force: true });
  logger.info('demo mode: embedded sandbox started, order database started afresh', { url: sandbox.url });
  return {
    mode: 'demo',
    apiBaseUrl: sandbox.url,
    ...DEMO_CREDENTIALS,
    // The embedded sandbox forgets its tokens when it stops anyway.
    secrets: new MemoryCredentialStore(),
    dataDir,
    close: () => sandbox.close(),
  };
}
