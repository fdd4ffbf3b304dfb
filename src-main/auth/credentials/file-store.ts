import { join } from 'node:path';
import type { Logger } from '../../base/log';
import { SecretFile, SecretFileStore } from './secret-file';

export const PLAIN_FILE_NAME = 'credentials.json';

/**
 * The last resort, for the web shell on a machine without a keychain: secrets in a file readable by
 * this user only (0600), not encrypted. It is chosen explicitly or as a fallback, and says so in
 * the log every time it opens.
 */
export class PlainFileCredentialStore extends SecretFileStore {
  readonly kind = 'file' as const;
  readonly description: string;

  constructor(dataDir: string, logger: Logger) {
    super(new SecretFile(join(dataDir, PLAIN_FILE_NAME)));
    this.description = `unencrypted owner-only file ${this.file.path}`;
    logger.warn('credentials are kept in an unencrypted file readable only by this user; use a machine with an OS keychain to keep them encrypted', {
      path: this.file.path,
    });
  }

  protected encode(secret: string): string {
    return secret;
  }

  protected decode(stored: string): string {
    return stored;
  }
}
