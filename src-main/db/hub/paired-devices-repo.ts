import type { Statement } from 'better-sqlite3';
import type { Db } from '../database';

export interface PairedDeviceRecord {
  id: string;
  name: string;
  kind: string;
  secret_sha256: Buffer;
  paired_ms: number;
  last_contact_ms: number | null;
  revoked_ms: number | null;
}

/** The hub's paired screens (paired_devices, in hub.sqlite). */
export class PairedDevicesRepo {
  private readonly s: {
    insert: Statement<{ id: string; name: string; kind: string; secret_sha256: Buffer; now: number }>;
    get: Statement<[string], PairedDeviceRecord>;
    all: Statement<[], PairedDeviceRecord>;
    revoke: Statement<{ id: string; now: number }>;
    touch: Statement<{ id: string; at: number }>;
  };

  constructor(db: Db) {
    this.s = {
      insert: db.prepare(`INSERT INTO paired_devices (id, name, kind, secret_sha256, paired_ms) VALUES (@id, @name, @kind, @secret_sha256, @now)`),
      get: db.prepare('SELECT * FROM paired_devices WHERE id = ?'),
      all: db.prepare('SELECT * FROM paired_devices ORDER BY paired_ms, id'),
      revoke: db.prepare('UPDATE paired_devices SET revoked_ms = @now WHERE id = @id AND revoked_ms IS NULL'),
      // Contact only moves forward: a late write from an older connection never rolls it back.
      touch: db.prepare('UPDATE paired_devices SET last_contact_ms = @at WHERE id = @id AND (last_contact_ms IS NULL OR last_contact_ms < @at)'),
    };
  }

  insert(device: { id: string; name: string; kind: string; secretSha256: Buffer }, now: number): void {
    this.s.insert.run({ id: device.id, name: device.name, kind: device.kind, secret_sha256: device.secretSha256, now });
  }

  get(id: string): PairedDeviceRecord | undefined {
    return this.s.get.get(id);
  }

  all(): PairedDeviceRecord[] {
    return this.s.all.all();
  }

  /** True when it was not revoked before. */
  revoke(id: string, now: number): boolean {
    return this.s.revoke.run({ id, now }).changes === 1;
  }

  touch(id: string, at: number): void {
    this.s.touch.run({ id, at });
  }
}
