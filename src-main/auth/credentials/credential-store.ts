/**
 * Where the terminal keeps its secrets (the client secret, refresh tokens): the OS keychain when
 * there is one, Electron safeStorage when not, an explicit and warned 0600 file for the web shell.
 * Secrets live here only: never in SQLite, never in a log line, never in the renderer.
 */
export type CredentialStoreKind = 'keychain' | 'safe-storage' | 'file' | 'memory';

export interface CredentialStore {
  readonly kind: CredentialStoreKind;
  /** Where the secrets are, in words for the log (never the secrets themselves). */
  readonly description: string;
  get(account: string): Promise<string | undefined>;
  set(account: string, secret: string): Promise<void>;
  delete(account: string): Promise<void>;
  /** Names of the stored accounts. */
  accounts(): Promise<string[]>;
}

/** The keychain service name, and the folder-file names of the fallbacks. */
export const CREDENTIAL_SERVICE = 'store-terminal';

/** Account names: one place, so every room names a secret the same way. */
export const accountFor = {
  clientSecret: (clientId: string): string => `client-secret:${clientId}`,
  /** The refresh token of the centralized (client-credentials) application. */
  refreshToken: (clientId: string): string => `refresh-token:${clientId}`,
  /** One authorization-code grant (a merchant or a group of merchants). */
  authorization: (id: string): string => `authorization:${id}`,
  /** A screen's device credential from its hub (JSON `{deviceId, secret}`). */
  hubDevice: (hubId: string): string => `hub-device:${hubId}`,
};

/** For demo mode and tests: nothing leaves the process. */
export class MemoryCredentialStore implements CredentialStore {
  readonly kind = 'memory' as const;
  readonly description = 'process memory (nothing persisted)';
  private readonly secrets = new Map<string, string>();

  async get(account: string): Promise<string | undefined> {
    return this.secrets.get(account);
  }

  async set(account: string, secret: string): Promise<void> {
    this.secrets.set(account, secret);
  }

  async delete(account: string): Promise<void> {
    this.secrets.delete(account);
  }

  async accounts(): Promise<string[]> {
    return [...this.secrets.keys()];
  }
}
