import { chmod, mkdir, open, readFile, rename, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';
import { AppError } from '../../../src-shared/errors';
import type { CredentialStore, CredentialStoreKind } from './credential-store';

const Contents = z.record(z.string(), z.string());

/** Only the owner may read or write a file of secrets. */
export const SECRET_FILE_MODE = 0o600;

/**
 * A JSON map of account → (encoded) secret in one file, owner-only (0600): written whole to a
 * temporary file created 0600 and renamed over the old one, so a crash never leaves half a file and
 * the secrets are never readable by others, not even for a moment.
 */
export class SecretFile {
  /** Serialises writes: two `set` calls never interleave their read-modify-write. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(readonly path: string) {}

  async read(): Promise<Record<string, string>> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw new AppError('storage', `cannot read the credential file ${this.path}: ${(error as Error).message}`, { cause: error });
    }
    await this.tighten();
    try {
      return Contents.parse(JSON.parse(text));
    } catch (error) {
      throw new AppError('storage', `the credential file ${this.path} is damaged; remove it and sign in again`, { cause: error });
    }
  }

  /** The (encoded) secret of one account. */
  async get(account: string): Promise<string | undefined> {
    return (await this.read())[account];
  }

  set(account: string, encoded: string): Promise<void> {
    return this.update((contents) => {
      contents[account] = encoded;
    });
  }

  delete(account: string): Promise<void> {
    return this.update((contents) => {
      delete contents[account];
    });
  }

  async accounts(): Promise<string[]> {
    return Object.keys(await this.read());
  }

  private update(change: (contents: Record<string, string>) => void): Promise<void> {
    const run = this.queue.then(async () => {
      const contents = await this.read();
      change(contents);
      await this.write(contents);
    });
    this.queue = run.catch(() => {});
    return run;
  }

  private async write(contents: Record<string, string>): Promise<void> {
    await mkdir(dirname(this.path), { recursive: true, mode: 0o700 });
    const temporary = `${this.path}.${process.pid}.tmp`;
    const handle = await open(temporary, 'w', SECRET_FILE_MODE);
    try {
      await handle.writeFile(JSON.stringify(contents), 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await chmod(temporary, SECRET_FILE_MODE);
    await rename(temporary, this.path);
  }

  /** A file someone loosened (copied, restored from a backup) is put back to owner-only. */
  private async tighten(): Promise<void> {
    if (process.platform === 'win32') return;
    const { mode } = await stat(this.path);
    if ((mode & 0o777) !== SECRET_FILE_MODE) await chmod(this.path, SECRET_FILE_MODE);
  }
}

/**
 * A credential store kept in a SecretFile: each secret encoded on the way in and decoded on the way
 * out (as is for the plain file, encrypted for Electron safeStorage).
 */
export abstract class SecretFileStore implements CredentialStore {
  abstract readonly kind: CredentialStoreKind;
  abstract readonly description: string;

  protected constructor(protected readonly file: SecretFile) {}

  protected abstract encode(secret: string): string;
  protected abstract decode(encoded: string, account: string): string;

  async get(account: string): Promise<string | undefined> {
    const encoded = await this.file.get(account);
    return encoded === undefined ? undefined : this.decode(encoded, account);
  }

  set(account: string, secret: string): Promise<void> {
    return this.file.set(account, this.encode(secret));
  }

  delete(account: string): Promise<void> {
    return this.file.delete(account);
  }

  accounts(): Promise<string[]> {
    return this.file.accounts();
  }
}
