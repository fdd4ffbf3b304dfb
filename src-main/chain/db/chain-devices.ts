import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type pg from 'pg';
import { AppError } from '../../../src-shared/errors';
import type { PairedDeviceRecord } from '../../db/hub/paired-devices-repo';
import type { Logger } from '../../base/log';
import { Device, DeviceCredential } from '../../hub/contract';
import { CONTACT_WRITE_EVERY_MS, readDevice, secretMatches, SECRET_BYTES, sha256 } from '../../hub/trust/device-registry';
import { TRIES_PER_CODE } from '../../hub/trust/pairing-code';
import type { ChainDevice, ChainDevices, InviteClosed, PairedDevice } from '../contract';
import { inTransaction, queryRows, type Queryable } from './transaction';

/** A device row as the hub's registry reads one (the same columns), with the stores it was granted. */
type DeviceRow = PairedDeviceRecord & { store_ids: string[] };

interface InviteRow {
  id: string;
  code: string | null;
  store_ids: string[];
  name: string;
  kind: Device['kind'];
  expires_ms: number;
  tries: number;
  used_ms: number | null;
}

const DEVICE_COLUMNS = `d.id, d.name, d.kind, d.secret_sha256, d.paired_ms, d.last_contact_ms, d.revoked_ms,
  coalesce((SELECT array_agg(s.store_id ORDER BY s.store_id) FROM device_stores s WHERE s.device_id = d.id), '{}') AS store_ids`;

function closedOf(invite: InviteRow | undefined, now: number): InviteClosed | null {
  if (!invite) return 'none';
  if (invite.used_ms !== null) return 'used';
  if (now >= invite.expires_ms) return 'expired';
  if (invite.tries >= TRIES_PER_CODE) return 'ended';
  return null;
}

/** The stores named, recorded if new: a grant always points at a known store. */
async function ensureStores(db: Queryable, storeIds: readonly string[]): Promise<void> {
  await db.query('INSERT INTO stores (id) SELECT unnest($1::text[]) ON CONFLICT (id) DO NOTHING', [storeIds]);
}

/** An invite still open: unexpired, unused, tries left ($1: now, $2: the tries a code has). */
const OPEN = 'used_ms IS NULL AND code IS NOT NULL AND expires_ms > $1 AND tries < $2';

/** The invite's number, its id's `iNN-` (invites made before numbers had none). */
const numberOf = (inviteId: string): string | null => /^i(\d{2})-/.exec(inviteId)?.[1] ?? null;

/** What the manager reads out and the terminal types: the invite's number, then its six secret digits. */
const typedCode = (inviteId: string, secret: string): string => `${numberOf(inviteId) ?? ''}${secret}`;

/**
 * The chain's paired store terminals in PostgreSQL, shared by every replica, on the hub's rules
 * (hub/trust/device-registry.ts, pairing-code.ts): only the SHA-256 of each 32-byte secret is kept;
 * a pairing needs a manager's invite: eight digits (the first two name it among those in force),
 * short-lived, one device, TRIES_PER_CODE tries, each
 * try charged under the invite's row lock so replicas count the same tries. The invite's code is kept
 * as it is while it is open (a PAKE needs it as its password) and erased when it is used. Times are
 * the app's clock (injected `now`).
 */
export class PgChainDevices implements ChainDevices {
  constructor(
    private readonly pool: pg.Pool,
    private readonly logger: Logger,
  ) {}

  async invite(
    input: { storeIds: string[]; name: string; kind: Device['kind'] },
    ttlMs: number,
    now: number,
  ): Promise<{ inviteId: string; code: string; expiresAt: number }> {
    const name = Device.shape.name.parse(input.name);
    const kind = Device.shape.kind.parse(input.kind);
    if (input.storeIds.length === 0) throw new AppError('validation', 'An invite names at least one store.', { field: 'storeIds' });
    const expiresAt = now + ttlMs;
    const secret = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const inviteId = await inTransaction(this.pool, 'writing a pairing invite', async (db) => {
      await ensureStores(db, input.storeIds);
      // One invite per number among those in force: a terminal's hello names its invite by it.
      await db.query("SELECT pg_advisory_xact_lock(hashtext('pairing_invites'))");
      const { rows } = await db.query<{ id: string }>(`SELECT id FROM pairing_invites WHERE ${OPEN} AND id LIKE 'i__-%'`, [now, TRIES_PER_CODE]);
      const taken = new Set(rows.map((r) => numberOf(r.id)));
      const free = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0')).filter((n) => !taken.has(n));
      const inviteId = `i${free[randomInt(free.length)] ?? String(randomInt(0, 100)).padStart(2, '0')}-${randomBytes(16).toString('hex')}`;
      await db.query('INSERT INTO pairing_invites (id, code, store_ids, name, kind, created_ms, expires_ms) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
        inviteId,
        secret,
        input.storeIds,
        name,
        kind,
        now,
        expiresAt,
      ]);
      return inviteId;
    });
    return { inviteId, code: typedCode(inviteId, secret), expiresAt };
  }

  /** The open invite (unexpired, unused, tries left) a typed code is tried against: the one its first two digits name, else the newest. */
  async currentInvite(now: number, named?: string): Promise<string | null> {
    const rows = await queryRows<{ id: string }>(
      this.pool,
      'reading the open pairing invite',
      `SELECT id FROM pairing_invites WHERE ${OPEN} AND ($3::text IS NULL OR id LIKE 'i' || $3 || '-%') ORDER BY created_ms DESC, id LIMIT 1`,
      [now, TRIES_PER_CODE, named ?? null],
    );
    return rows[0]?.id ?? null;
  }

  chargeInvite(inviteId: string, now: number): Promise<{ ok: true; code: string; attemptsLeft: number } | { ok: false; closed: InviteClosed }> {
    return inTransaction(this.pool, 'charging a pairing try', async (db) => {
      const invite = await lockInvite(db, inviteId);
      const closed = closedOf(invite, now);
      if (closed || !invite?.code) return { ok: false, closed: closed ?? 'used' };
      await db.query('UPDATE pairing_invites SET tries = tries + 1 WHERE id = $1', [inviteId]);
      return { ok: true, code: typedCode(invite.id, invite.code), attemptsLeft: TRIES_PER_CODE - invite.tries - 1 };
    });
  }

  /** Usable once the exchange confirmed, even if the invite's other tries ran out meanwhile (its own was counted). */
  useInvite(inviteId: string, now: number): Promise<PairedDevice | { ok: false; closed: InviteClosed }> {
    return inTransaction(this.pool, 'pairing a device', async (db) => {
      const invite = await lockInvite(db, inviteId);
      if (!invite) return { ok: false, closed: 'none' };
      if (invite.used_ms !== null) return { ok: false, closed: 'used' };
      if (now >= invite.expires_ms) return { ok: false, closed: 'expired' };
      return this.pair(db, invite, now);
    });
  }

  redeem(inviteId: string, code: string, now: number): Promise<PairedDevice | { ok: false; reason: InviteClosed | 'wrong-code'; attemptsLeft: number }> {
    return inTransaction(this.pool, 'redeeming a pairing invite', async (db) => {
      const invite = await lockInvite(db, inviteId);
      const closed = closedOf(invite, now);
      if (closed || !invite?.code) return { ok: false, reason: closed ?? 'used', attemptsLeft: 0 };
      await db.query('UPDATE pairing_invites SET tries = tries + 1 WHERE id = $1', [inviteId]);
      // The try is charged before the comparison, and committed whatever it says.
      const expected = typedCode(invite.id, invite.code);
      const right =
        typeof code === 'string' && code.length === expected.length && /^\d+$/.test(code) && timingSafeEqual(Buffer.from(code), Buffer.from(expected));
      if (!right) return { ok: false, reason: 'wrong-code', attemptsLeft: TRIES_PER_CODE - invite.tries - 1 };
      return this.pair(db, invite, now);
    });
  }

  private async pair(db: Queryable, invite: InviteRow, now: number): Promise<PairedDevice> {
    const secret = randomBytes(SECRET_BYTES);
    const id = randomBytes(16).toString('hex');
    await db.query('INSERT INTO devices (id, name, kind, secret_sha256, paired_ms) VALUES ($1, $2, $3, $4, $5)', [
      id,
      invite.name,
      invite.kind,
      sha256(secret),
      now,
    ]);
    await ensureStores(db, invite.store_ids);
    await db.query('INSERT INTO device_stores (device_id, store_id) SELECT $1, unnest($2::text[])', [id, invite.store_ids]);
    await db.query('UPDATE pairing_invites SET used_ms = $2, device_id = $3, code = NULL WHERE id = $1', [invite.id, now, id]);
    this.logger.info('store terminal paired', { deviceId: id, kind: invite.kind, stores: invite.store_ids.length });
    const storeIds = [...new Set(invite.store_ids)].sort();
    return {
      ok: true,
      device: { id, name: invite.name, kind: invite.kind, pairedAt: now, lastContactAt: null, revokedAt: null, storeIds },
      credential: { deviceId: id, secret: secret.toString('base64url') },
    };
  }

  /** The device when the credential is its own and it is not revoked; null for anything else, never a throw. */
  async verify(credential: unknown): Promise<ChainDevice | null> {
    try {
      const parsed = DeviceCredential.safeParse(credential);
      if (!parsed.success) return null;
      const { rows } = await this.pool.query<DeviceRow>(`SELECT ${DEVICE_COLUMNS} FROM devices d WHERE d.id = $1`, [parsed.data.deviceId]);
      const record = rows[0];
      if (!record || !secretMatches(parsed.data.secret, record.secret_sha256) || record.revoked_ms !== null) return null;
      return this.deviceOf(record);
    } catch (error) {
      this.logger.warn('a device credential could not be checked: refused', { error });
      return null;
    }
  }

  /** Written at most once a minute per device (the list shows minutes): the condition is in the statement, so replicas agree. */
  async touched(deviceId: string, at: number): Promise<void> {
    await queryRows(
      this.pool,
      'recording a device contact',
      'UPDATE devices SET last_contact_ms = $2 WHERE id = $1 AND (last_contact_ms IS NULL OR last_contact_ms <= $2 - $3::bigint)',
      [deviceId, at, CONTACT_WRITE_EVERY_MS],
    );
  }

  async list(): Promise<ChainDevice[]> {
    const rows = await queryRows<DeviceRow>(this.pool, 'listing devices', `SELECT ${DEVICE_COLUMNS} FROM devices d ORDER BY d.paired_ms, d.id`);
    return rows.map((r) => this.deviceOf(r)).filter((d): d is ChainDevice => d !== null);
  }

  async revoke(deviceId: string, at: number): Promise<boolean> {
    const rows = await queryRows(this.pool, 'revoking a device', 'UPDATE devices SET revoked_ms = $2 WHERE id = $1 AND revoked_ms IS NULL RETURNING id', [
      deviceId,
      at,
    ]);
    if (rows.length > 0) this.logger.info('store terminal revoked', { deviceId });
    return rows.length > 0;
  }

  /** The device's stores become exactly `storeIds`. */
  grant(deviceId: string, storeIds: string[]): Promise<void> {
    return inTransaction(this.pool, 'granting stores', async (db) => {
      const { rows } = await db.query('SELECT id FROM devices WHERE id = $1 FOR UPDATE', [deviceId]);
      if (rows.length === 0) throw new AppError('not-found', 'No such device.');
      await ensureStores(db, storeIds);
      await db.query('DELETE FROM device_stores WHERE device_id = $1', [deviceId]);
      await db.query('INSERT INTO device_stores (device_id, store_id) SELECT $1, unnest($2::text[])', [deviceId, [...new Set(storeIds)]]);
    });
  }

  private deviceOf(record: DeviceRow): ChainDevice | null {
    const device = readDevice(record, this.logger);
    return device ? { ...device, storeIds: record.store_ids } : null;
  }
}

async function lockInvite(db: Queryable, inviteId: string): Promise<InviteRow | undefined> {
  const { rows } = await db.query<InviteRow>(
    'SELECT id, code, store_ids, name, kind, expires_ms, tries, used_ms FROM pairing_invites WHERE id = $1 FOR UPDATE',
    [inviteId],
  );
  return rows[0];
}
