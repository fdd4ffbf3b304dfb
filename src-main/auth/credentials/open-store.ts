import { AppError } from '../../../src-shared/errors';
import type { Logger } from '../../base/log';
import { MemoryCredentialStore, type CredentialStore, type CredentialStoreKind } from './credential-store';
import { PlainFileCredentialStore } from './file-store';
import { openKeychainStore, type KeytarLoader } from './keychain-store';
import { SafeStorageCredentialStore, safeStorageUnavailable, type SafeStorageLike } from './safe-storage-store';

export type CredentialStorePreference = 'auto' | CredentialStoreKind;

export interface OpenCredentialStoreOptions {
  dataDir: string;
  logger: Logger;
  /**
   * `auto`: the OS keychain, else Electron safeStorage, else nothing persisted (memory, said once).
   * Or one kind explicitly; the unencrypted owner-only file only ever this way.
   */
  prefer?: CredentialStorePreference;
  /** Electron's safeStorage, injected by the Electron shell; absent in the web shell. */
  safeStorage?: SafeStorageLike;
  loadKeytar?: KeytarLoader;
}

/** Opens the best credential store this machine offers, and logs which one and why. A secret is never written in clear unless asked for. */
export async function openCredentialStore(options: OpenCredentialStoreOptions): Promise<CredentialStore> {
  const { logger, dataDir } = options;
  const prefer = options.prefer ?? 'auto';
  const passed: string[] = [];

  if (prefer === 'memory') return chosen(new MemoryCredentialStore(), logger, passed);
  if (prefer === 'file') return chosen(new PlainFileCredentialStore(dataDir, logger), logger, passed);

  if (prefer === 'auto' || prefer === 'keychain') {
    const keychain = await openKeychainStore(options.loadKeytar ? { load: options.loadKeytar } : {});
    if ('store' in keychain) return chosen(keychain.store, logger, passed);
    passed.push(keychain.unavailable);
    if (prefer === 'keychain') throw refused('keychain', passed);
  }

  if (options.safeStorage) {
    const reason = safeStorageUnavailable(options.safeStorage);
    if (!reason) return chosen(new SafeStorageCredentialStore(options.safeStorage, dataDir), logger, passed);
    passed.push(reason);
  } else {
    passed.push('Electron safeStorage not offered by this shell');
  }
  if (prefer === 'safe-storage') throw refused('safe-storage', passed);
  logger.warn(
    'no keychain here: secrets are kept in memory for this run only. Give the client secret again after a restart (STORE_TERMINAL_CLIENT_SECRET or --client-secret-file), or choose --credential-store file to keep it in an unencrypted owner-only file',
    { passedOver: passed },
  );
  return chosen(new MemoryCredentialStore(), logger, passed);
}

/** An explicit choice that cannot be honoured is an error, never a quiet downgrade. */
function refused(kind: CredentialStoreKind, reasons: string[]): AppError {
  return new AppError('storage', `the ${kind} credential store is not available here: ${reasons.join('; ')}`);
}

function chosen(store: CredentialStore, logger: Logger, passed: string[]): CredentialStore {
  logger.info('credential store', { kind: store.kind, where: store.description, ...(passed.length ? { passedOver: passed } : {}) });
  return store;
}
