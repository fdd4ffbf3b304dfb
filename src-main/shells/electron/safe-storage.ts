import { safeStorage } from 'electron';
import type { SafeStorageLike } from '../../auth/credentials/safe-storage-store';

/**
 * Electron's safeStorage for the credential store, where keytar finds no OS keychain. Usable only
 * once the app is ready; the Linux backend name tells a real key from the fixed `basic_text` one.
 */
export function electronSafeStorage(): SafeStorageLike {
  return {
    isEncryptionAvailable: () => safeStorage.isEncryptionAvailable(),
    encryptString: (plainText) => safeStorage.encryptString(plainText),
    decryptString: (encrypted) => safeStorage.decryptString(encrypted),
    ...(process.platform === 'linux' ? { getSelectedStorageBackend: () => safeStorage.getSelectedStorageBackend() } : {}),
  };
}
