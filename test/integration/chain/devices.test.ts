import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { silentLogger } from '../../../src-main/base/log';
import { PgChainDevices } from '../../../src-main/chain/db/chain-devices';
import { TRIES_PER_CODE } from '../../../src-main/hub/trust/pairing-code';
import { useChainReplicas, STORE_A, STORE_B } from '../../support/chain/db';
import { TEST_INSTANT_MS } from '../../support/clock';

/**
 * The chain's store terminals in a real PostgreSQL: an invite pairs one device for its stores, its
 * tries are counted in the database whichever replica answers, a credential is verified against the
 * secret's hash alone, and a revoked device is refused.
 */

describe('the chain devices on PostgreSQL', () => {
  const chain = useChainReplicas('the chain devices tests');
  const now = TEST_INSTANT_MS;

  it('an invite pairs one device for its stores; the credential verifies on another replica until it is revoked', async (t) => {
    if (!chain.cluster) return t.skip('no PostgreSQL');
    const a = new PgChainDevices(chain.replicaA, silentLogger);
    const b = new PgChainDevices(chain.replicaB, silentLogger);
    const invite = await a.invite({ storeIds: [STORE_B, STORE_A], name: 'Caixa 1', kind: 'counter' }, 120_000, now);
    assert.match(invite.code, /^\d{8}$/);
    const paired = await b.redeem(invite.inviteId, invite.code, now + 1_000);
    assert.ok(paired.ok);
    assert.deepEqual(paired.device.storeIds, [STORE_A, STORE_B].sort());
    assert.deepEqual(await a.redeem(invite.inviteId, invite.code, now + 2_000), { ok: false, reason: 'used', attemptsLeft: 0 }, 'one device per invite');

    // Only the secret's hash is kept.
    const { rows } = await chain.replicaA.query('SELECT secret_sha256, (SELECT code FROM pairing_invites WHERE id = $2) AS code FROM devices WHERE id = $1', [
      paired.device.id,
      invite.inviteId,
    ]);
    assert.equal(rows[0].secret_sha256.length, 32);
    assert.ok(!rows[0].secret_sha256.equals(Buffer.from(paired.credential.secret, 'base64url')));
    assert.equal(rows[0].code, null, 'the code is erased once used');

    assert.equal((await a.verify(paired.credential))?.name, 'Caixa 1');
    assert.equal(await a.verify({ ...paired.credential, secret: paired.credential.secret.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')) }), null);
    assert.equal(await a.verify({ deviceId: 'nobody-known', secret: paired.credential.secret }), null);
    assert.equal(await a.verify('not a credential'), null);

    await b.touched(paired.device.id, now + 5_000);
    await b.grant(paired.device.id, [STORE_A]);
    const [listed] = await a.list();
    assert.deepEqual(listed?.storeIds, [STORE_A]);
    assert.equal(listed?.lastContactAt, now + 5_000);

    assert.equal(await b.revoke(paired.device.id, now + 10_000), true);
    assert.equal(await a.revoke(paired.device.id, now + 11_000), false, 'revoked once');
    assert.equal(await a.verify(paired.credential), null, 'a revoked device is refused');
    assert.equal((await a.list())[0]?.revokedAt, now + 10_000);
  });

  it('counts tries in the database across replicas, even at once; wrong, expired and ended codes are refused', async (t) => {
    if (!chain.cluster) return t.skip('no PostgreSQL');
    const a = new PgChainDevices(chain.replicaA, silentLogger);
    const b = new PgChainDevices(chain.replicaB, silentLogger);
    const invite = await a.invite({ storeIds: [STORE_A], name: 'Cozinha', kind: 'kitchen' }, 120_000, now);
    const wrong = invite.code === '000000' ? '000001' : '000000';
    const guesses = await Promise.all(Array.from({ length: TRIES_PER_CODE + 3 }, (_, i) => (i % 2 ? a : b).redeem(invite.inviteId, wrong, now)));
    const refusals = guesses.map((g) => (g.ok ? 'paired' : g.reason));
    assert.equal(refusals.filter((r) => r === 'wrong-code').length, TRIES_PER_CODE, 'exactly the tries an invite has');
    assert.equal(refusals.filter((r) => r === 'ended').length, 3);
    assert.deepEqual(
      await a.redeem(invite.inviteId, invite.code, now),
      { ok: false, reason: 'ended', attemptsLeft: 0 },
      'the right code after the tries are used',
    );

    const late = await a.invite({ storeIds: [STORE_A], name: 'Retirada', kind: 'pickup' }, 120_000, now);
    assert.deepEqual(await b.redeem(late.inviteId, late.code, now + 120_000), { ok: false, reason: 'expired', attemptsLeft: 0 });
    assert.deepEqual(await b.chargeInvite('no-such-invite', now), { ok: false, closed: 'none' });

    // A PAKE's two steps on two replicas: the hello charges a try and gets the code, the confirm pairs.
    const pake = await a.invite({ storeIds: [STORE_B], name: 'Expo', kind: 'expo' }, 120_000, now);
    assert.deepEqual(await a.chargeInvite(pake.inviteId, now), { ok: true, code: pake.code, attemptsLeft: TRIES_PER_CODE - 1 });
    const used = await b.useInvite(pake.inviteId, now + 1_000);
    assert.ok(used.ok);
    assert.equal(used.device.kind, 'expo');
    assert.deepEqual(await a.useInvite(pake.inviteId, now + 2_000), { ok: false, closed: 'used' });
    assert.deepEqual(await a.chargeInvite(pake.inviteId, now + 2_000), { ok: false, closed: 'used' });
  });

  it('the invite a typed code is tried against: the newest open one, none once it is used or past its time', async (t) => {
    if (!chain.cluster) return t.skip('no PostgreSQL');
    const devices = new PgChainDevices(chain.replicaA, silentLogger);
    const later = now + 3_600_000;
    assert.equal(await devices.currentInvite(later), null, 'no invite open');
    const older = await devices.invite({ storeIds: [STORE_A], name: 'Caixa 2', kind: 'counter' }, 120_000, later);
    const newer = await devices.invite({ storeIds: [STORE_B], name: 'Cozinha 2', kind: 'kitchen' }, 120_000, later + 1);
    assert.equal(await devices.currentInvite(later + 2), newer.inviteId);
    assert.ok((await devices.redeem(newer.inviteId, newer.code, later + 3)).ok);
    assert.equal(await devices.currentInvite(later + 4), older.inviteId, 'the used one is out');
    assert.equal(await devices.currentInvite(later + 120_001), null, 'past its two minutes');
    // Several in force: a code's first two digits name its invite, whichever is newest.
    const one = await devices.invite({ storeIds: [STORE_A], name: 'Caixa 3', kind: 'counter' }, 120_000, later + 200_000);
    const two = await devices.invite({ storeIds: [STORE_B], name: 'Caixa 4', kind: 'counter' }, 120_000, later + 200_001);
    assert.notEqual(one.code.slice(0, 2), two.code.slice(0, 2));
    assert.equal(await devices.currentInvite(later + 200_002, one.code.slice(0, 2)), one.inviteId);
    assert.equal(await devices.currentInvite(later + 200_002, two.code.slice(0, 2)), two.inviteId);
    assert.ok((await devices.redeem(one.inviteId, one.code, later + 200_003)).ok, 'the older one pairs by its own code');
  });
});
