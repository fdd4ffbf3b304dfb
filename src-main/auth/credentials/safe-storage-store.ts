import { join } from 'node:path';
import { AppError } from '../../../src-shared/errors';
import { SecretFile, SecretFileStore } from './secret-file';

/** The part of Electron's `safeStorage` the store uses; the Electron shell injects the real one. */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
  /** Linux only: `basic_text` means a fixed, well-known key, which protects nothing. */
  getSelectedStorageBackend?(): string;
}

export const SAFE_STORAGE_FILE_NAME = 'credentials.safe.json';

/** Why safeStorage cannot be used here, or undefined when it can. */
export function safeStorageUnavailable(safeStorage: SafeStorageLike): string | undefined {
  if (!safeStorage.isEncryptionAvailable()) return 'Electron safeStorage reports no encryption available';
  const backend = safeStorage.getSelectedStorageBackend?.();
  if (backend === 'basic_text' || backend === 'unknown') return `Electron safeStorage backend is ${backend} (no real key)`;
  return undefined;
}

/**
 * Secrets encrypted by Electron safeStorage (a key the OS keeps for this user), stored in an
 * owner-only file in the data folder. Used where keytar has no keychain to talk to.
 */
export class SafeStorageCredentialStore extends SecretFileStore {
  readonly kind = 'safe-storage' as const;
  readonly description: string;

  constructor(
    private readonly safeStorage: SafeStorageLike,
    dataDir: string,
  ) {
    super(new SecretFile(join(dataDir, SAFE_STORAGE_FILE_NAME)));
    this.description = `Electron safeStorage, encrypted in ${this.file.path}`;
  }

  protected encode(secret: string): string {
    return this.safeStorage.encryptString(secret).toString('base64');
  }

  protected decode(encrypted: string, account: string): string {
    try {
      return this.safeStorage.decryptString(Buffer.from(encrypted, 'base64'));
    } catch (error) {
      throw new AppError('storage', `cannot decrypt the stored ${account.split(':')[0]}; sign in again`, { cause: error });
    }
  }
}
