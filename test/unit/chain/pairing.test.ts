import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ManualClock } from '../../../src-main/base/clock';
import { silentLogger } from '../../../src-main/base/log';
import { inviteCodes } from '../../../src-main/chain/chain-trust';
import type { HubIdentity } from '../../../src-main/hub/contract';
import { HubPairingDesk } from '../../../src-main/hub/trust/pairing-desk';
import { HelloAnswer, Refusal } from '../../../src-main/hub/trust/pairing-wire';
import { ScreenExchange } from '../../../src-main/hub/trust/pake';
import { FakeDevices, storageDown } from '../../support/chain/fakes';

const IDENTITY: HubIdentity = { hubId: 'chain-0123456789abcdef', name: 'Rede Bella', certPem: '', keyPem: '', fingerprint: 'd'.repeat(64) };
const PEER = { address: '203.0.113.7' };
const STORE_A = '4a1f6c2e-8b3d-4e5f-9a70-1c2d3e4f5a61';
const STORE_B = '7b2e9d41-0c3a-4f6b-8e5d-2a1b3c4d5e6f';
const b64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64url');

function setup() {
  const clock = new ManualClock();
  const devices = new FakeDevices();
  const desk = new HubPairingDesk({ identity: IDENTITY, codes: inviteCodes(devices, clock, silentLogger), clock, logger: silentLogger });
  return { clock, devices, desk };
}

/** A store terminal's two steps with `code`, as pair-client.ts sends them. */
async function pair(desk: HubPairingDesk, code: string) {
  const screen = await ScreenExchange.start(code);
  const named = code.length === 8 ? { invite: code.slice(0, 2) } : {};
  const hello = await desk.answer('hello', { v: 1, name: 'Caixa', kind: 'counter', share: b64(screen.share), ...named }, PEER);
  if (hello.status !== 200) return { hello, confirm: null };
  const ok = HelloAnswer.parse(hello.body);
  const finished = screen.finish(Buffer.from(ok.share, 'base64url'), Buffer.from(ok.confirmation, 'base64url'), {
    fingerprint: IDENTITY.fingerprint,
    hubId: ok.hubId,
    hubName: ok.hubName,
    screenName: 'Caixa',
    screenKind: 'counter',
    session: ok.session,
  });
  const confirmation = finished ? b64(finished.confirmation) : b64(new Uint8Array(32));
  const confirm = await desk.answer('confirm', { session: ok.session, confirmation }, PEER);
  return { hello, ok, finished, confirm };
}

describe("chain pairing (the hub's desk with a manager's invite)", () => {
  it("pairs a store terminal with the invite's code; the device gets exactly the invite's stores, name and kind", async () => {
    const { clock, devices, desk } = setup();
    const { code } = await devices.invite({ storeIds: [STORE_A, STORE_B], name: 'Balcão Centro', kind: 'counter' }, 10 * 60_000, clock.now());
    const { confirm, finished } = await pair(desk, code);
    assert.ok(finished);
    assert.equal(confirm?.status, 200);
    const device = await devices.verify(confirm!.body as never);
    assert.deepEqual(device?.storeIds, [STORE_A, STORE_B]);
    assert.equal(device?.name, 'Balcão Centro');
    const again = await pair(desk, code);
    assert.equal(again.hello.status, 410, 'one pairing per invite');
  });

  it('several invites in force at once: each code pairs with its own invite (its first two digits name it)', async () => {
    const { clock, devices, desk } = setup();
    const first = await devices.invite({ storeIds: [STORE_A], name: 'Balcão A', kind: 'counter' }, 10 * 60_000, clock.now());
    const second = await devices.invite({ storeIds: [STORE_B], name: 'Cozinha B', kind: 'kitchen' }, 10 * 60_000, clock.now());
    assert.notEqual(first.code.slice(0, 2), second.code.slice(0, 2), 'each open invite has its own first two digits');
    // The older invite, though a newer one is open: its code names it.
    assert.equal((await pair(desk, first.code)).confirm?.status, 200);
    assert.equal((await pair(desk, second.code)).confirm?.status, 200);
    const paired = [...devices.devices.values()].map((d) => [d.name, d.storeIds]).sort();
    assert.deepEqual(paired, [
      ['Balcão A', [STORE_A]],
      ['Cozinha B', [STORE_B]],
    ]);
  });

  it('refuses a wrong code with the tries left and registers nothing', async () => {
    const { clock, devices, desk } = setup();
    const { code } = await devices.invite({ storeIds: [STORE_A], name: 'Cozinha', kind: 'kitchen' }, 10 * 60_000, clock.now());
    const { finished, ok } = await pair(desk, code === '000000' ? '000001' : '000000');
    assert.equal(finished, null);
    assert.equal(ok?.attemptsLeft, 4);
    assert.equal((await devices.list()).length, 0);
  });

  it('says no invite is open, and an expired one takes nothing', async () => {
    const { clock, devices, desk } = setup();
    const none = await pair(desk, '123456');
    assert.equal(none.hello.status, 410);
    assert.equal(Refusal.parse(none.hello.body).error.reason, 'none');
    const { code } = await devices.invite({ storeIds: [STORE_A], name: 'Caixa', kind: 'counter' }, 60_000, clock.now());
    await clock.advance(60_000);
    assert.equal((await pair(desk, code)).hello.status, 410);
  });

  it('answers 500 (try again), not a crash, when the database fails while registering', async () => {
    const { clock, devices, desk } = setup();
    const { code } = await devices.invite({ storeIds: [STORE_A], name: 'Caixa', kind: 'counter' }, 60_000, clock.now());
    devices.failNext('useInvite', storageDown());
    const { confirm } = await pair(desk, code);
    assert.equal(confirm?.status, 500);
    assert.equal(Refusal.parse(confirm?.body).error.reason, 'storage');
  });
});
