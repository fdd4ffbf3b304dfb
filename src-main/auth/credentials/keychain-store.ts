import { CREDENTIAL_SERVICE, type CredentialStore } from './credential-store';

/** The part of keytar the store uses (a native module, loaded only when asked for). */
export interface KeytarLike {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
  findCredentials(service: string): Promise<{ account: string; password: string }[]>;
}

export type KeytarLoader = () => Promise<KeytarLike>;

/** keytar from node_modules: a Node-API module, so its one build loads in Node and in Electron alike. */
const loadKeytar: KeytarLoader = async () => {
  const module = (await import('keytar')) as unknown as { default?: KeytarLike } & Partial<KeytarLike>;
  return module.default ?? (module as KeytarLike);
};

const PROBE_TIMEOUT_MS = 5_000;

/**
 * The OS keychain (macOS Keychain, Windows Credential Vault, libsecret on Linux) through keytar.
 * Opening it loads the native module and asks the keychain once; either may fail (module not built
 * for this platform, no Secret Service on a bare Linux), and then the reason is returned instead.
 */
export async function openKeychainStore(
  options: { service?: string; load?: KeytarLoader } = {},
): Promise<{ store: CredentialStore } | { unavailable: string }> {
  const service = options.service ?? CREDENTIAL_SERVICE;
  let keytar: KeytarLike;
  try {
    keytar = await (options.load ?? loadKeytar)();
  } catch (error) {
    return { unavailable: `keytar cannot load: ${(error as Error).message}` };
  }
  try {
    await withTimeout(keytar.findCredentials(service), PROBE_TIMEOUT_MS);
  } catch (error) {
    return { unavailable: `no usable keychain: ${(error as Error).message}` };
  }
  return { store: new KeychainStore(keytar, service) };
}

class KeychainStore implements CredentialStore {
  readonly kind = 'keychain' as const;
  readonly description: string;

  constructor(
    private readonly keytar: KeytarLike,
    private readonly service: string,
  ) {
    this.description = `OS keychain (service "${service}")`;
  }

  async get(account: string): Promise<string | undefined> {
    return (await this.keytar.getPassword(this.service, account)) ?? undefined;
  }

  async set(account: string, secret: string): Promise<void> {
    await this.keytar.setPassword(this.service, account, secret);
  }

  async delete(account: string): Promise<void> {
    await this.keytar.deletePassword(this.service, account);
  }

  async accounts(): Promise<string[]> {
    return (await this.keytar.findCredentials(this.service)).map((c) => c.account);
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the keychain did not answer in ${ms} ms`)), ms);
    timer.unref();
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
