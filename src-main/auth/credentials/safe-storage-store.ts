import { join } from 'node:path';
import { AppError } from '../../../src-shared/errors';
import type { CredentialStore } from './credential-store';
import { SecretFile } from './secret-file';

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
export class SafeStorageCredentialStore implements CredentialStore {
  readonly kind = 'safe-storage' as const;
  readonly description: string;
  private readonly file: SecretFile;

  constructor(
    private readonly safeStorage: SafeStorageLike,
    dataDir: string,
  ) {
    this.file = new SecretFile(join(dataDir, SAFE_STORAGE_FILE_NAME));
    this.description = `Electron safeStorage, encrypted in ${this.file.path}`;
  }

  async get(account: string): Promise<string | undefined> {
    const encrypted = (await this.file.read())[account];
    if (encrypted === undefined) return undefined;
    try {
      return this.safeStorage.decryptString(Buffer.from(encrypted, 'base64'));
    } catch (error) {
      throw new AppError('storage', `cannot decrypt the stored ${account.split(':')[0]}; sign in again`, { cause: error });
    }
  }

  set(account: string, secret: string): Promise<void> {
    const encrypted = this.safeStorage.encryptString(secret).toString('base64');
    return this.file.update((contents) => {
      contents[account] = encrypted;
    });
  }

  delete(account: string): Promise<void> {
    return this.file.update((contents) => {
      delete contents[account];
    });
  }

  async accounts(): Promise<string[]> {
    return Object.keys(await this.file.read());
  }
}
