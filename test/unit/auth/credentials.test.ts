import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat, chmod, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ManualClock } from '../../../src-main/base/clock';
import { centralizedTokens } from '../../../src-main/auth/centralized';
import { accountFor, MemoryCredentialStore } from '../../../src-main/auth/credentials/credential-store';
import { PLAIN_FILE_NAME, PlainFileCredentialStore } from '../../../src-main/auth/credentials/file-store';
import type { KeytarLike } from '../../../src-main/auth/credentials/keychain-store';
import { openCredentialStore } from '../../../src-main/auth/credentials/open-store';
import { SAFE_STORAGE_FILE_NAME, SafeStorageCredentialStore, type SafeStorageLike } from '../../../src-main/auth/credentials/safe-storage-store';
import type { TokenEndpoint } from '../../../src-main/api/tokens';
import { loadConfig } from '../../../src-main/config/config';
import { AppError } from '../../../src-shared/errors';
import type { TokenGrant } from '../../../src-shared/wire/auth';
import { recordingLogger } from '../../support/app/fake-api';

/** A reversible stand-in for Electron's safeStorage (XOR, tagged), enough to see nothing is stored in clear. */
function fakeSafeStorage(options: { available?: boolean; backend?: string } = {}): SafeStorageLike {
  const flip = (b: Buffer) => Buffer.from(b.map((x) => x ^ 0x5a));
  return {
    isEncryptionAvailable: () => options.available ?? true,
    encryptString: (text) => Buffer.concat([Buffer.from('v10'), flip(Buffer.from(text, 'utf8'))]),
    decryptString: (data) => {
      if (data.subarray(0, 3).toString() !== 'v10') throw new Error('not ours');
      return flip(data.subarray(3)).toString('utf8');
    },
    ...(options.backend ? { getSelectedStorageBackend: () => options.backend as string } : {}),
  };
}

const workingKeytar = (): KeytarLike => {
  const map = new Map<string, string>();
  return {
    getPassword: async (s, a) => map.get(`${s}/${a}`) ?? null,
    setPassword: async (s, a, p) => void map.set(`${s}/${a}`, p),
    deletePassword: async (s, a) => map.delete(`${s}/${a}`),
    findCredentials: async (s) => [...map].filter(([k]) => k.startsWith(`${s}/`)).map(([k, password]) => ({ account: k.slice(s.length + 1), password })),
  };
};

describe('credential stores', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'st-cred-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('the fallback file is owner-only (0600), survives reopening, and warns when opened', async () => {
    const logger = recordingLogger();
    const folder = join(dir, 'plain');
    const store = new PlainFileCredentialStore(folder, logger);
    assert.ok(logger.lines.some((l) => /unencrypted file/.test(l) && /"level":"warn"/.test(l)));
    await store.set('client-secret:demo', 'demo-secret');
    await store.set('refresh-token:demo', 'r1');
    await Promise.all([store.set('a', '1'), store.set('b', '2'), store.delete('refresh-token:demo')]);
    const path = join(folder, PLAIN_FILE_NAME);
    assert.equal((await stat(path)).mode & 0o777, 0o600);
    const again = new PlainFileCredentialStore(folder, logger);
    assert.equal(await again.get('client-secret:demo'), 'demo-secret');
    assert.equal(await again.get('refresh-token:demo'), undefined);
    assert.deepEqual((await again.accounts()).sort(), ['a', 'b', 'client-secret:demo']);
    // Loosened by someone (a backup restore): read puts it back to owner-only.
    await chmod(path, 0o644);
    await again.get('a');
    assert.equal((await stat(path)).mode & 0o777, 0o600);
  });

  it('a damaged file is a storage error, not a crash', async () => {
    const folder = join(dir, 'damaged');
    const store = new PlainFileCredentialStore(folder, recordingLogger());
    await store.set('x', 'y');
    await writeFile(join(folder, PLAIN_FILE_NAME), '{not json', { mode: 0o600 });
    await assert.rejects(store.get('x'), (e: unknown) => e instanceof AppError && e.code === 'storage');
  });

  it('safeStorage keeps secrets encrypted on disk in an owner-only file', async () => {
    const folder = join(dir, 'safe');
    const store = new SafeStorageCredentialStore(fakeSafeStorage(), folder);
    await store.set('client-secret:demo', 'demo-secret');
    const raw = await readFile(join(folder, SAFE_STORAGE_FILE_NAME), 'utf8');
    assert.ok(!raw.includes('demo-secret'), 'the secret is not in clear on disk');
    assert.equal((await stat(join(folder, SAFE_STORAGE_FILE_NAME))).mode & 0o777, 0o600);
    assert.equal(await new SafeStorageCredentialStore(fakeSafeStorage(), folder).get('client-secret:demo'), 'demo-secret');
  });

  it('auto picks the keychain when keytar works, else safeStorage, else the warned file', async () => {
    const logger = recordingLogger();
    const broken = async (): Promise<KeytarLike> => {
      throw new Error('Cannot find module keytar.node');
    };
    const noKeychain = async (): Promise<KeytarLike> => ({
      ...workingKeytar(),
      findCredentials: async () => {
        throw new Error('Cannot autolaunch D-Bus without X11 $DISPLAY');
      },
    });
    const keychain = await openCredentialStore({ dataDir: dir, logger, loadKeytar: async () => workingKeytar() });
    assert.equal(keychain.kind, 'keychain');
    await keychain.set('k', 'v');
    assert.equal(await keychain.get('k'), 'v');

    assert.equal((await openCredentialStore({ dataDir: dir, logger, loadKeytar: broken, safeStorage: fakeSafeStorage() })).kind, 'safe-storage');
    assert.equal((await openCredentialStore({ dataDir: dir, logger, loadKeytar: noKeychain, safeStorage: fakeSafeStorage() })).kind, 'safe-storage');
    // Linux without a secret service: safeStorage's basic_text key protects nothing, so it is passed over.
    // Nothing better: secrets stay in memory for this run; a plaintext file only when asked for.
    const basic = await openCredentialStore({ dataDir: dir, logger, loadKeytar: noKeychain, safeStorage: fakeSafeStorage({ backend: 'basic_text' }) });
    assert.equal(basic.kind, 'memory');
    const web = await openCredentialStore({ dataDir: dir, logger, loadKeytar: broken });
    assert.equal(web.kind, 'memory');
    assert.equal(existsSync(join(dir, PLAIN_FILE_NAME)), false, 'no unencrypted file was written');
    const chosen = logger.lines.filter((l) => /"msg":"credential store"/.test(l)).map((l) => JSON.parse(l) as { kind: string; passedOver?: string[] });
    assert.deepEqual(
      chosen.map((c) => c.kind),
      ['keychain', 'safe-storage', 'safe-storage', 'memory', 'memory'],
    );
    assert.ok(
      chosen[4]?.passedOver?.some((r) => /keytar cannot load/.test(r)),
      'the log says why each better store was passed over',
    );
    assert.ok(
      logger.lines.some((l) => /kept in memory for this run only/.test(l)),
      'and says once that nothing is kept',
    );
  });

  it('an explicit choice that cannot be honoured is an error, never a quiet downgrade', async () => {
    const loadKeytar = async (): Promise<KeytarLike> => {
      throw new Error('no native module');
    };
    await assert.rejects(
      openCredentialStore({ dataDir: dir, logger: recordingLogger(), prefer: 'keychain', loadKeytar }),
      (e: unknown) => e instanceof AppError && e.code === 'storage',
    );
    await assert.rejects(
      openCredentialStore({ dataDir: dir, logger: recordingLogger(), prefer: 'safe-storage', safeStorage: fakeSafeStorage({ available: false }) }),
      (e: unknown) => e instanceof AppError && e.code === 'storage',
    );
    assert.equal((await openCredentialStore({ dataDir: dir, logger: recordingLogger(), prefer: 'file' })).kind, 'file');
  });
});

describe('configuration of the credential store', () => {
  it('takes --credential-store (or STORE_TERMINAL_CREDENTIAL_STORE), auto by default; a real API needs the secret only once', () => {
    assert.equal(loadConfig([], {}).credentialStore, 'auto');
    assert.equal(loadConfig(['--credential-store', 'file'], {}).credentialStore, 'file');
    assert.equal(loadConfig([], { STORE_TERMINAL_CREDENTIAL_STORE: 'keychain' }).credentialStore, 'keychain');
    assert.throws(
      () => loadConfig(['--credential-store', 'sqlite'], {}),
      (e: unknown) => e instanceof AppError && e.code === 'bad-input' && e.field === 'credentialStore',
    );
    const later = loadConfig(['--api-base-url', 'https://api.example.test', '--client-id', 'abc'], {});
    assert.equal(later.clientSecret, undefined, 'the secret comes from the credential store on later launches');
  });
});

describe('centralized tokens and the credential store', () => {
  function endpoint() {
    const grants: TokenGrant[] = [];
    let n = 0;
    const api: TokenEndpoint & { grants: TokenGrant[] } = {
      grants,
      async requestToken(grant) {
        grants.push(grant);
        n++;
        if (grant.grant_type === 'refresh_token' && grant.refresh_token === 'revoked') {
          const { ApiError } = await import('../../../src-main/api/errors');
          throw new ApiError('auth', 'invalid_grant', { route: 'POST /oauth/token', status: 401 });
        }
        return { access_token: `a${n}`, refresh_token: `r${n}`, expires_in: 3600 };
      },
    };
    return api;
  }

  it('keeps the client secret and each rotated refresh token; the next launch starts from them', async () => {
    const store = new MemoryCredentialStore();
    const clock = new ManualClock();
    const first = endpoint();
    const tokens = await centralizedTokens({ endpoint: first, clock, store, logger: recordingLogger(), clientId: 'demo', clientSecret: 'demo-secret' });
    await tokens.accessToken();
    await clock.advance(3_600_000);
    await tokens.accessToken();
    await new Promise((r) => setImmediate(r));
    assert.equal(await store.get(accountFor.clientSecret('demo')), 'demo-secret');
    assert.equal(await store.get(accountFor.refreshToken('demo')), 'r2', 'the rotated refresh token is the one kept');

    // Next launch: no secret on the command line; the stored refresh token renews first.
    const next = endpoint();
    const relaunched = await centralizedTokens({ endpoint: next, clock, store, logger: recordingLogger(), clientId: 'demo', clientSecret: undefined });
    await relaunched.accessToken();
    assert.deepEqual(next.grants, [{ grant_type: 'refresh_token', refresh_token: 'r2', client_id: 'demo', client_secret: 'demo-secret' }]);
  });

  it('a refused stored refresh token is forgotten and the stored secret signs in again', async () => {
    const store = new MemoryCredentialStore();
    await store.set(accountFor.clientSecret('demo'), 'demo-secret');
    await store.set(accountFor.refreshToken('demo'), 'revoked');
    const api = endpoint();
    const tokens = await centralizedTokens({
      endpoint: api,
      clock: new ManualClock(),
      store,
      logger: recordingLogger(),
      clientId: 'demo',
      clientSecret: undefined,
    });
    assert.equal(await tokens.accessToken(), 'a2');
    assert.deepEqual(
      api.grants.map((g) => g.grant_type),
      ['refresh_token', 'client_credentials'],
    );
    await new Promise((r) => setImmediate(r));
    assert.equal(await store.get(accountFor.refreshToken('demo')), 'r2');
  });
});
