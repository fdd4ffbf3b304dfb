import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../base/clock';
import { Listeners } from '../../base/listeners';
import type { Logger } from '../../base/log';
import type { HubDb } from '../../db/hub/hub-db';
import type { PairedDeviceRecord } from '../../db/hub/paired-devices-repo';
import { Device, DeviceCredential, type DeviceAuthority, type ScreenKind } from '../contract';

/** A device secret's length: 256 bits, far beyond guessing, sent as base64url (43 characters). */
export const SECRET_BYTES = 32;
/**
 * Last contact is written at most once a minute per screen: it is shown in minutes, and every
 * write to the hub's file is an fsync (synchronous=FULL). The list reads the newer value from memory.
 */
export const CONTACT_WRITE_EVERY_MS = 60_000;

/** Compared against when the device is unknown, so an unknown id costs the same as a known one. */
const DECOY_HASH = Buffer.alloc(32);

/**
 * The hub's paired screens, and the DeviceAuthority the link asks on every connection. Only the
 * SHA-256 of each secret is kept: a copy of hub.sqlite lets nobody in.
 */
export class DeviceRegistry implements DeviceAuthority {
  private readonly revoked: Listeners<[string]>;
  /** Latest contact per device, and when it was last written. */
  private readonly contact = new Map<string, { at: number; writtenAt: number }>();

  constructor(
    private readonly db: HubDb,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {
    this.revoked = new Listeners('device revoked', logger);
  }

  /** A screen that just paired: its row, and the credential it gets once (the secret is never kept). */
  register(screen: { name: string; kind: ScreenKind }): { device: Device; credential: DeviceCredential } {
    const secret = randomBytes(SECRET_BYTES);
    const id = randomBytes(16).toString('hex');
    const now = this.clock.now();
    this.db.write(() => this.db.devices.insert({ id, name: screen.name, kind: screen.kind, secretSha256: sha256(secret) }, now));
    this.logger.info('screen paired', { deviceId: id, kind: screen.kind });
    const device: Device = { id, name: screen.name, kind: screen.kind, pairedAt: now, lastContactAt: null, revokedAt: null };
    return { device, credential: { deviceId: id, secret: secret.toString('base64url') } };
  }

  /** The device when the credential is its own and it is not revoked; null for anything else, never a throw. */
  verify(credential: unknown): Device | null {
    try {
      const parsed = DeviceCredential.safeParse(credential);
      if (!parsed.success) return null;
      const record = this.db.read(() => this.db.devices.get(parsed.data.deviceId));
      const matches = secretMatches(parsed.data.secret, record?.secret_sha256);
      if (!record || !matches || record.revoked_ms !== null) return null;
      return this.deviceOf(record);
    } catch (error) {
      this.logger.warn('a device credential could not be checked: refused', { error });
      return null;
    }
  }

  /** Every screen ever paired here, revoked ones too (the hub's list says when), oldest first. */
  list(): Device[] {
    const records = this.db.read(() => this.db.devices.all());
    return records.map((r) => this.deviceOf(r)).filter((d): d is Device => d !== null);
  }

  /** Revokes a screen for good; the listeners (the link closing its connections) hear it before this returns. */
  revoke(deviceId: string): boolean {
    const changed = this.db.write(() => this.db.devices.revoke(deviceId, this.clock.now()));
    if (changed) {
      this.logger.info('screen revoked', { deviceId });
      this.revoked.emit(deviceId);
    }
    return changed;
  }

  touched(deviceId: string, at: number): void {
    const known = this.contact.get(deviceId);
    if (known && at <= known.at) return;
    const write = !known || at - known.writtenAt >= CONTACT_WRITE_EVERY_MS;
    this.contact.set(deviceId, { at, writtenAt: write ? at : (known?.writtenAt ?? at) });
    if (!write) return;
    try {
      this.db.write(() => this.db.devices.touch(deviceId, at));
    } catch (error) {
      // The list shows it from memory; the next contact writes it again.
      this.logger.warn('last contact not written', { deviceId, error });
    }
  }

  onRevoked(listener: (deviceId: string) => void): () => void {
    return this.revoked.add(listener);
  }

  private deviceOf(record: PairedDeviceRecord): Device | null {
    const inMemory = this.contact.get(record.id)?.at ?? null;
    return readDevice({ ...record, last_contact_ms: Math.max(record.last_contact_ms ?? 0, inMemory ?? 0) || null }, this.logger);
  }
}

/** A device row's columns as a Device; null, with a warning, when they do not read as one (the chain's devices read the same). */
export function readDevice(
  record: { id: string; name: string; kind: string; paired_ms: number; last_contact_ms: number | null; revoked_ms: number | null },
  logger: Pick<Logger, 'warn'>,
): Device | null {
  const parsed = Device.safeParse({
    id: record.id,
    name: record.name,
    kind: record.kind,
    pairedAt: record.paired_ms,
    lastContactAt: record.last_contact_ms,
    revokedAt: record.revoked_ms,
  });
  if (!parsed.success) logger.warn('a paired device row is not readable: left out', { deviceId: record.id });
  return parsed.success ? parsed.data : null;
}

export function sha256(bytes: Uint8Array): Buffer {
  return createHash('sha256').update(bytes).digest();
}

/**
 * Whether `secret` (as the device sent it) is the one whose SHA-256 is `stored`, in constant time:
 * an unknown device (`stored` undefined) or a malformed secret costs the same comparison.
 */
export function secretMatches(secret: string, stored: Buffer | undefined): boolean {
  const bytes = secretBytes(secret);
  const matches = timingSafeEqual(sha256(bytes ?? DECOY_HASH), stored ?? DECOY_HASH);
  return matches && bytes !== null && stored !== undefined;
}

/** The secret's 32 bytes, or null unless it is exactly their base64url (Buffer.from alone skips stray characters). */
function secretBytes(text: string): Buffer | null {
  const bytes = Buffer.from(text, 'base64url');
  return bytes.length === SECRET_BYTES && bytes.toString('base64url') === text ? bytes : null;
}
