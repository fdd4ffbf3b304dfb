import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from '../base/log';
import { MemoryCredentialStore, type CredentialStore } from '../auth/credentials/credential-store';
import type { SavedAccount } from '../config/terminal-config';
import { DATABASE_FILE } from '../db/database';
import { DEMO_CREDENTIALS, startEmbeddedSandbox } from '../demo/embedded-sandbox';

/**
 * Who the terminal works as, and where: the API it talks to, the application's id, the credential
 * store, and the folder its files live in. Demo mode is one kind of account (an embedded sandbox,
 * secrets in memory, files in `demo/` started afresh), so nothing after this point needs to know
 * which mode it runs in.
 */
export interface Account {
  kind: SavedAccount['kind'];
  mode: 'demo' | 'live';
  apiBaseUrl: string;
  clientId: string;
  /** Given on this launch (environment, file, first-run screen); else the credential store has it. */
  clientSecret: string | undefined;
  secrets: CredentialStore;
  /** The database, the last known stores and the kept check-in sheets live here. */
  dataDir: string;
  close(): Promise<void>;
}

export interface OpenAccountOptions {
  saved: SavedAccount;
  dataDir: string;
  /** The credential store of live accounts (the OS keychain, ...). */
  secrets: CredentialStore;
  clientSecret?: string | undefined;
  logger: Logger;
  /** The app's clock, for the embedded sandbox of demo mode: both sides then agree on the time. */
  now?: () => number;
}

/** Removes the order database (and its WAL and SHM) of a folder. */
export function removeOrderDatabase(dir: string): void {
  const database = join(dir, DATABASE_FILE);
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${database}${suffix}`, { force: true });
}

export async function openAccount(options: OpenAccountOptions): Promise<Account> {
  const { saved, dataDir } = options;
  if (saved.kind !== 'demo') {
    return {
      kind: saved.kind,
      mode: 'live',
      apiBaseUrl: saved.apiBaseUrl,
      clientId: saved.clientId,
      clientSecret: options.clientSecret,
      secrets: options.secrets,
      dataDir,
      close: async () => {},
    };
  }
  // Demo: the embedded sandbox starts from its seed at every launch, so orders kept from an
  // earlier demo would be orders the new sandbox never heard of. The demo keeps its own folder
  // (`demo/`, never the real one) and its order database starts afresh.
  const sandbox = await startEmbeddedSandbox(options.now);
  const demoDir = join(dataDir, 'demo');
  removeOrderDatabase(demoDir);
  options.logger.info('demo mode: embedded sandbox started, order database started afresh', { url: sandbox.url });
  return {
    kind: 'demo',
    mode: 'demo',
    apiBaseUrl: sandbox.url,
    ...DEMO_CREDENTIALS,
    // The embedded sandbox forgets its tokens when it stops anyway.
    secrets: new MemoryCredentialStore(),
    dataDir: demoDir,
    close: () => sandbox.close(),
  };
}
