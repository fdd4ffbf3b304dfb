import { join } from 'node:path';
import type { Logger } from '../../base/log';
import type { CredentialStore } from './credential-store';
import { SecretFile } from './secret-file';

export const PLAIN_FILE_NAME = 'credentials.json';

/**
 * The last resort, for the web shell on a machine without a keychain: secrets in a file readable by
 * this user only (0600), not encrypted. It is chosen explicitly or as a fallback, and says so in
 * the log every time it opens.
 */
export class PlainFileCredentialStore implements CredentialStore {
  readonly kind = 'file' as const;
  readonly description: string;
  private readonly file: SecretFile;

  constructor(dataDir: string, logger: Logger) {
    this.file = new SecretFile(join(dataDir, PLAIN_FILE_NAME));
    this.description = `unencrypted owner-only file ${this.file.path}`;
    logger.warn('credentials are kept in an unencrypted file readable only by this user; use a machine with an OS keychain to keep them encrypted', {
      path: this.file.path,
    });
  }

  async get(account: string): Promise<string | undefined> {
    return (await this.file.read())[account];
  }

  set(account: string, secret: string): Promise<void> {
    return this.file.update((contents) => {
      contents[account] = secret;
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
