import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { createPrivateKey, randomBytes, X509Certificate } from 'node:crypto';
import { join } from 'node:path';
import { generate } from 'selfsigned';
import { z } from 'zod';
import type { Clock } from '../../base/clock';
import type { Logger } from '../../base/log';
import { makePrivate, PRIVATE_FILE_MODE } from '../../base/private-folder';
import type { HubIdentity } from '../contract';
import { certificateFingerprint } from './fingerprint';

/** The hub's folder in the data folder: its key and certificate, and its paired screens (hub-db). */
export const HUB_FOLDER = 'hub';
export const IDENTITY_FILE = 'identity.json';
/** Where a damaged identity is moved, for support to look at; the next damaged one takes its place. */
export const DAMAGED_IDENTITY_FILE = 'identity.damaged.json';

const CERTIFICATE_YEARS = 10;
const DAY_MS = 86_400_000;

/** Key and certificate in one file, written whole (temporary file, then rename): never a key without its certificate. */
const StoredIdentity = z
  .object({
    v: z.literal(1),
    hubId: z.string().regex(/^[0-9a-f]{32}$/),
    certPem: z.string().max(8_000),
    keyPem: z.string().max(8_000),
  })
  .strict();
type StoredIdentity = z.infer<typeof StoredIdentity>;

export function hubFolder(dataDir: string): string {
  return join(dataDir, HUB_FOLDER);
}

/**
 * The hub's identity, created on first use in `<dataDir>/hub/` (folder 0700, file 0600: the private
 * key is the hub's proof to every screen). `name` is not kept: it follows the store's name.
 *
 * A file that cannot be read (damaged, truncated, a key that does not match its certificate, a
 * certificate past its date) is moved aside and replaced with a warning, never a crash: the hub
 * must come up. Its screens then need to pair again: they pinned the old certificate, and the
 * new one is, on purpose, indistinguishable from an impostor's until a code proves it.
 */
export async function loadHubIdentity(options: { dataDir: string; name: string; clock: Clock; logger: Logger }): Promise<HubIdentity> {
  const folder = hubFolder(options.dataDir);
  makePrivate(folder);
  const file = join(folder, IDENTITY_FILE);
  const kept = existsSync(file) ? readKept(file, options) : null;
  const stored = kept ?? (await createIdentity(file, options));
  return { hubId: stored.hubId, name: options.name, certPem: stored.certPem, keyPem: stored.keyPem, fingerprint: certificateFingerprint(stored.certPem) };
}

function readKept(file: string, options: { clock: Clock; logger: Logger }): StoredIdentity | null {
  const problem = (why: string): null => {
    try {
      renameSync(file, join(file, '..', DAMAGED_IDENTITY_FILE));
    } catch {
      // Not kept aside: it is overwritten below, which is all the hub needs to come up.
    }
    options.logger.warn('hub identity unreadable: a new one is made, and every paired screen must pair again', { why, keptAs: DAMAGED_IDENTITY_FILE });
    return null;
  };
  let stored: StoredIdentity;
  try {
    const parsed = StoredIdentity.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (!parsed.success) return problem('not an identity file');
    stored = parsed.data;
  } catch {
    return problem('not JSON');
  }
  try {
    const certificate = new X509Certificate(stored.certPem);
    if (!certificate.checkPrivateKey(createPrivateKey(stored.keyPem))) return problem('the key is not the certificate’s');
    if (Date.parse(certificate.validTo) <= options.clock.now()) return problem('the certificate has expired');
  } catch {
    return problem('the certificate or the key cannot be read');
  }
  return stored;
}

async function createIdentity(file: string, options: { clock: Clock; logger: Logger }): Promise<StoredIdentity> {
  const hubId = randomBytes(16).toString('hex');
  const now = options.clock.now();
  // Screens pin the certificate itself, so no name in it is checked; the dates give a day's slack to a hub clock running late.
  const pems = await generate([{ name: 'commonName', value: `Store Terminal hub ${hubId}` }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notBeforeDate: new Date(now - DAY_MS),
    notAfterDate: new Date(now + CERTIFICATE_YEARS * 365 * DAY_MS),
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
    ],
  });
  const stored: StoredIdentity = { v: 1, hubId, certPem: pems.cert, keyPem: pems.private };
  writeWhole(file, JSON.stringify(stored));
  options.logger.info('hub identity created', { hubId, fingerprint: certificateFingerprint(pems.cert) });
  return stored;
}

/** Written to a temporary file (owner-only from its first byte), synced, then renamed over: a cut leaves the old file or the new one. */
function writeWhole(file: string, text: string): void {
  const temporary = `${file}.tmp`;
  const fd = openSync(temporary, 'w', PRIVATE_FILE_MODE);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, file);
}
