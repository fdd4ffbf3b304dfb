import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ristretto255, ristretto255_hasher } from '@noble/curves/ed25519.js';
import { answerScreen, codeScalar, POINT_M, POINT_N, ScreenExchange, type PairingContext } from '../../../src-main/hub/trust/pake';

const CONTEXT: PairingContext = {
  fingerprint: 'a'.repeat(64),
  hubId: '0123456789abcdef0123456789abcdef',
  hubName: 'Pizzaria Bella',
  screenName: 'Cozinha',
  screenKind: 'kitchen',
  session: 'AAAAAAAAAAAAAAAAAAAAAA',
};
const X = 0x0111111111111111111111111111111111111111111111111111111111111111n;
const Y = 0x0222222222222222222222222222222222222222222222222222222222222222n;
const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');

/** One exchange: the screen with `screenCode` and its view, the hub with `hubCode` and its own. */
async function exchange(screenCode: string, hubCode: string, screenView = CONTEXT, hubView = CONTEXT) {
  const screen = await ScreenExchange.start(screenCode);
  const hub = answerScreen(await codeScalar(hubCode), screen.share, hubView);
  assert.ok(hub, 'the hub answers any well-formed share');
  return { screen, hub, finished: screen.finish(hub.share, hub.confirmation, screenView) };
}

describe('pairing PAKE (SPAKE2 over ristretto255)', () => {
  it('pins its points and its messages to a known vector, so two versions of the app still pair', async () => {
    // M and N are hash-to-curve outputs of fixed labels (RFC 9380), the same on every screen and hub.
    assert.equal(POINT_M.toHex(), '3c2ed4586f57a3e5eb4acbc2d5dbee51eed6a7999d497928d610db9de08fe150');
    assert.equal(POINT_N.toHex(), '6cd0937326c67c3e9ac61cda5cf99da3ba1362822e1211bd0f621ece3455976b');
    const DST = 'store-terminal/pairing/spake2-ristretto255-sha256/v1/points';
    assert.ok(POINT_M.equals(ristretto255_hasher.hashToCurve(new TextEncoder().encode('M'), { DST })));

    const w = await codeScalar('123456');
    assert.equal(w.toString(16), 'd96a424317beebe0f74303481e9b7074af26bd33f1b36084512a2f679ee3056');
    const screen = await ScreenExchange.start('123456', X);
    const hub = answerScreen(w, screen.share, CONTEXT, Y);
    assert.ok(hub);
    // The shares are SPAKE2's: pA = x·G + w·M, pB = y·G + w·N, computed here apart from the module.
    const G = ristretto255.Point.BASE;
    assert.equal(hex(screen.share), G.multiply(X).add(POINT_M.multiply(w)).toHex());
    assert.equal(hex(hub.share), G.multiply(Y).add(POINT_N.multiply(w)).toHex());
    assert.equal(hex(screen.share), '863cdfffebee64d8f940351a14a6a7d2031548e6703c56014ff9fcdee41e0847');
    assert.equal(hex(hub.share), '881871d61d2ebf8f1d54be6d794a853f3f0c9335fea13d03760e054066683d2b');
    assert.equal(hex(hub.confirmation), '02d3d5df72ab6e29e833885ce5371184cfc04a7710d48f3ce32ea5d339952978');
    const finished = screen.finish(hub.share, hub.confirmation, CONTEXT);
    assert.ok(finished);
    assert.equal(hex(finished.confirmation), '1cfd942741b1d429b62176c9b08d439059b93a17a03c269e789b66892dbb8634');
    assert.equal(hex(finished.sessionKey), '5a283e7fee170bb1aa4368e670d04da1');
  });

  it('the same code gives both sides the same key, and the screen the confirmation the hub expects', async () => {
    const { hub, finished } = await exchange('042917', '042917');
    assert.ok(finished);
    assert.equal(hex(finished.sessionKey), hex(hub.sessionKey));
    assert.equal(hex(finished.confirmation), hex(hub.expected));
  });

  it('is fresh every time: the same code never gives the same shares or key twice', async () => {
    const one = await exchange('042917', '042917');
    const two = await exchange('042917', '042917');
    assert.notEqual(hex(one.screen.share), hex(two.screen.share));
    assert.notEqual(hex(one.hub.share), hex(two.hub.share));
    assert.notEqual(hex(one.hub.sessionKey), hex(two.hub.sessionKey));
  });

  it('a different code fails the hub’s confirmation on the screen, even one digit off', async () => {
    for (const wrong of ['042918', '142917', '000000']) {
      const { finished } = await exchange('042917', wrong);
      assert.equal(finished, null, wrong);
    }
  });

  it('a relay with another certificate fails: the screen puts the certificate it saw in the transcript', async () => {
    const { finished } = await exchange('042917', '042917', { ...CONTEXT, fingerprint: 'b'.repeat(64) });
    assert.equal(finished, null);
  });

  it('every part of the context is covered: hub id, hub name, the screen’s name and kind, the session', async () => {
    const changes: Partial<PairingContext>[] = [
      { hubId: 'f'.repeat(32) },
      { hubName: 'Outra loja' },
      { screenName: 'Balcão' },
      { screenKind: 'counter' },
      { session: 'BBBBBBBBBBBBBBBBBBBBBB' },
    ];
    for (const change of changes) {
      const { finished } = await exchange('042917', '042917', CONTEXT, { ...CONTEXT, ...change });
      assert.equal(finished, null, JSON.stringify(change));
    }
  });

  it('tampered messages fail: a share moved to another point, a share or a confirmation with a bit flipped', async () => {
    const screen = await ScreenExchange.start('042917');
    const w = await codeScalar('042917');
    const G = ristretto255.Point.BASE;
    const moved = (share: Uint8Array): Uint8Array => ristretto255.Point.fromBytes(share).add(G).toBytes();
    const flip = (bytes: Uint8Array, at: number): Uint8Array => {
      const copy = Uint8Array.from(bytes);
      copy[at] = (copy[at] ?? 0) ^ 0x01;
      return copy;
    };
    // The screen's share changed on the way to a valid point: the hub answers it, and its confirmation fails on the screen.
    const hubOfMoved = answerScreen(w, moved(screen.share), CONTEXT);
    assert.ok(hubOfMoved);
    assert.equal(screen.finish(hubOfMoved.share, hubOfMoved.confirmation, CONTEXT), null);
    // A flipped low bit is no ristretto255 encoding at all.
    assert.equal(answerScreen(w, flip(screen.share, 0), CONTEXT), null);
    const hub = answerScreen(w, screen.share, CONTEXT);
    assert.ok(hub);
    assert.equal(screen.finish(moved(hub.share), hub.confirmation, CONTEXT), null);
    assert.equal(screen.finish(flip(hub.share, 0), hub.confirmation, CONTEXT), null);
    assert.equal(screen.finish(hub.share, flip(hub.confirmation, 31), CONTEXT), null);
    assert.equal(screen.finish(hub.share, hub.confirmation.subarray(0, 16), CONTEXT), null);
    // And still fine untouched: the checks above failed for the change, not for the exchange.
    assert.ok(screen.finish(hub.share, hub.confirmation, CONTEXT));
  });

  it('refuses shares that are not points, or the identity (a share that would fix the key)', async () => {
    const w = await codeScalar('042917');
    assert.equal(answerScreen(w, new Uint8Array(32), CONTEXT), null);
    assert.equal(answerScreen(w, new Uint8Array(32).fill(0xff), CONTEXT), null);
    assert.equal(answerScreen(w, new Uint8Array(31), CONTEXT), null);
    const screen = await ScreenExchange.start('042917');
    assert.equal(screen.finish(new Uint8Array(32), new Uint8Array(32), CONTEXT), null);
  });

  it('a rogue screen that sends w·M (the right guess, no x) gets the exchange refused, never a key of its choosing', async () => {
    const w = await codeScalar('042917');
    assert.equal(answerScreen(w, POINT_M.multiply(w).toBytes(), CONTEXT), null);
  });
});
