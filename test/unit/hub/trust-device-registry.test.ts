import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { ManualClock } from '../../../src-main/base/clock';
import { silentLogger } from '../../../src-main/base/log';
import { HUB_DB_FILE, HubDb } from '../../../src-main/db/hub/hub-db';
import { CONTACT_WRITE_EVERY_MS, DeviceRegistry } from '../../../src-main/hub/trust/device-registry';

const dirs: string[] = [];
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function setup(dir = ':memory:') {
  const clock = new ManualClock();
  const db = HubDb.open(dir);
  return { clock, db, registry: new DeviceRegistry(db, clock, silentLogger) };
}

describe('device registry', () => {
  it('registers a screen and hands out its credential once; verify knows it by it', () => {
    const { registry, clock } = setup();
    const { device, credential } = registry.register({ name: 'Cozinha — chapa', kind: 'kitchen' });
    assert.equal(credential.deviceId, device.id);
    assert.equal(Buffer.from(credential.secret, 'base64url').length, 32);
    assert.deepEqual(registry.verify(credential), {
      id: device.id,
      name: 'Cozinha — chapa',
      kind: 'kitchen',
      pairedAt: clock.now(),
      lastContactAt: null,
      revokedAt: null,
    });
    assert.deepEqual(registry.list(), [device]);
  });

  it('keeps only the SHA-256 of the secret, never the secret', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hub-db-'));
    dirs.push(dir);
    const { registry, db } = setup(dir);
    const { credential } = registry.register({ name: 'Balcão 2', kind: 'counter' });
    const row = db.db.prepare('SELECT * FROM paired_devices').get() as Record<string, unknown>;
    assert.deepEqual(row.secret_sha256, createHash('sha256').update(Buffer.from(credential.secret, 'base64url')).digest());
    db.close();
    const raw = readFileSync(join(dir, HUB_DB_FILE));
    assert.ok(!raw.includes(credential.secret) && !raw.includes(Buffer.from(credential.secret, 'base64url')));
  });

  it('opens its file in an owner-only folder, tightening a looser one', { skip: process.platform === 'win32' && 'POSIX modes' }, () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'hub-db-')), 'hub');
    dirs.push(dir);
    mkdirSync(dir, { mode: 0o755 });
    chmodSync(dir, 0o755);
    HubDb.open(dir).close();
    assert.equal(statSync(dir).mode & 0o777, 0o700);
  });

  it('refuses a forged credential: another secret, another device’s secret, an unknown id', () => {
    const { registry } = setup();
    const one = registry.register({ name: 'Cozinha', kind: 'kitchen' }).credential;
    const two = registry.register({ name: 'Retirada', kind: 'pickup' }).credential;
    const forged = Buffer.from(one.secret, 'base64url');
    forged[0] = (forged[0] ?? 0) ^ 1;
    assert.equal(registry.verify({ deviceId: one.deviceId, secret: forged.toString('base64url') }), null);
    assert.equal(registry.verify({ deviceId: one.deviceId, secret: two.secret }), null);
    assert.equal(registry.verify({ deviceId: 'f'.repeat(32), secret: one.secret }), null);
    assert.ok(registry.verify(one) && registry.verify(two));
  });

  it('refuses malformed credentials with null, never a throw', () => {
    const { registry } = setup();
    const good = registry.register({ name: 'Cozinha', kind: 'kitchen' }).credential;
    const bad: unknown[] = [
      null,
      undefined,
      'secret',
      42,
      {},
      { deviceId: good.deviceId },
      { deviceId: good.deviceId, secret: 7 },
      { deviceId: good.deviceId, secret: `${good.secret}=` },
      { deviceId: good.deviceId, secret: `${good.secret.slice(0, -1)}*` },
      { deviceId: good.deviceId, secret: good.secret.slice(0, 40) },
      { deviceId: good.deviceId, secret: `${good.secret}AAAA` },
      { deviceId: good.deviceId, secret: 'x'.repeat(5_000) },
      { deviceId: "' OR 1=1 --", secret: good.secret },
    ];
    for (const credential of bad) assert.equal(registry.verify(credential as never), null, JSON.stringify(credential));
  });

  it('refuses with null when its file cannot be read (closed), never a throw', () => {
    const { registry, db } = setup();
    const credential = registry.register({ name: 'Cozinha', kind: 'kitchen' }).credential;
    db.close();
    assert.equal(registry.verify(credential), null);
  });

  it('revokes a screen at once: listeners told before revoke returns, verify refuses, the list says when', async () => {
    const { registry, clock } = setup();
    const { device, credential } = registry.register({ name: 'Cozinha', kind: 'kitchen' });
    const told: string[] = [];
    registry.onRevoked((id) => told.push(id));
    await clock.advance(5_000);
    assert.equal(registry.revoke(device.id), true);
    assert.deepEqual(told, [device.id]);
    assert.equal(registry.verify(credential), null);
    assert.equal(registry.list()[0]?.revokedAt, clock.now());
    assert.equal(registry.revoke(device.id), false, 'revoked once');
    assert.equal(registry.revoke('f'.repeat(32)), false, 'unknown');
    assert.deepEqual(told, [device.id]);
  });

  it('shows the last contact at once, writes it at most once a minute, and keeps it across restarts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hub-db-'));
    dirs.push(dir);
    const { registry, clock, db } = setup(dir);
    const { device } = registry.register({ name: 'Cozinha', kind: 'kitchen' });
    const written = () => (db.db.prepare('SELECT last_contact_ms AS at FROM paired_devices').get() as { at: number | null }).at;
    const t0 = clock.now();
    registry.touched(device.id, t0);
    assert.equal(written(), t0);
    registry.touched(device.id, t0 + 10_000);
    assert.equal(registry.list()[0]?.lastContactAt, t0 + 10_000, 'the list reads memory');
    assert.equal(written(), t0, 'not written again within the minute');
    registry.touched(device.id, t0 + 5_000);
    assert.equal(registry.list()[0]?.lastContactAt, t0 + 10_000, 'never rolls back');
    registry.touched(device.id, t0 + CONTACT_WRITE_EVERY_MS);
    assert.equal(written(), t0 + CONTACT_WRITE_EVERY_MS);
    db.close();
    const reopened = setup(dir);
    assert.equal(reopened.registry.list()[0]?.lastContactAt, t0 + CONTACT_WRITE_EVERY_MS);
    assert.ok(reopened.registry.list()[0]?.id === device.id);
    reopened.db.close();
  });

  it('lists every screen oldest first, revoked ones too', async () => {
    const { registry, clock } = setup();
    const a = registry.register({ name: 'Cozinha', kind: 'kitchen' }).device;
    await clock.advance(1_000);
    const b = registry.register({ name: 'Expo', kind: 'expo' }).device;
    registry.revoke(a.id);
    assert.deepEqual(
      registry.list().map((d) => [d.name, d.kind, d.revokedAt !== null]),
      [
        ['Cozinha', 'kitchen', true],
        ['Expo', 'expo', false],
      ],
    );
    assert.notEqual(a.id, b.id);
  });
});
