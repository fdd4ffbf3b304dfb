import { ristretto255, ristretto255_hasher } from '@noble/curves/ed25519.js';
import { createHash, createHmac, hkdfSync, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * The pairing's PAKE: SPAKE2 (RFC 9382) over ristretto255, with its key confirmation.
 *
 * Why a PAKE and not a MAC keyed by the code: a 6-digit code has a million values. A MAC keyed by
 * it (or a hash of it) is a test an eavesdropper or a rogue peer can run offline against every
 * code in a second. SPAKE2 gives an attacker nothing to test offline: each share is a random point
 * (x·G + w·M looks the same whatever w is), and the key each side derives can only be checked by
 * someone who committed to one guess of w in their own share. So a rogue screen gets one guess per
 * hello, a rogue hub one guess per screen that talks to it, and the hub counts the hellos.
 *
 * Why the transcript holds the hub's certificate fingerprint as each side saw it: TLS alone does not
 * authenticate a self-signed hub the first time. Each side puts its own view into the transcript
 * the confirmation MACs cover: the hub its own certificate, the screen the certificate its TLS
 * connection presented. A relay that ends TLS with its own certificate and forwards the messages
 * makes the two views differ, so the hub's confirmation fails on the screen, which then stops
 * before it reveals its own: the relay gets no device credential and the hub registers nothing.
 *
 * Why the screen's name and kind, and not a device public key: the credential is a random secret
 * the hub hands over only after both confirmations, inside the TLS connection the confirmations
 * just proved ends at the hub; a screen key pair would add nothing the link checks (it verifies
 * the secret). What a man in the middle could still change is what the hub registers, so the
 * screen's name and kind are in the transcript: a kitchen display cannot be registered as a counter.
 * The session id (the hub's) is in the confirmation keys' context; freshness comes from x and y.
 */

export const PAIRING_PROTOCOL = 'store-terminal/pairing/spake2-ristretto255-sha256/v1';

const Point = ristretto255.Point;
type RistrettoPoint = InstanceType<typeof Point>;
const ORDER = Point.Fn.ORDER;
const encoder = new TextEncoder();

/**
 * M and N, the two points of SPAKE2, hashed to the curve from fixed labels (RFC 9380): nobody knows
 * their discrete logarithms, which is what stops a party from cancelling w·M out of a share.
 */
const DST = `${PAIRING_PROTOCOL}/points`;
export const POINT_M = ristretto255_hasher.hashToCurve(encoder.encode('M'), { DST });
export const POINT_N = ristretto255_hasher.hashToCurve(encoder.encode('N'), { DST });

/**
 * w from the code, through a memory-hard KDF as RFC 9382 asks. Guessing stays online (the shares
 * give nothing to test), so scrypt is a second fence, not the first: should a transcript ever leak
 * with w in it (a debug dump, say), each of the million codes costs ~50 ms and 16 MiB to try.
 * Async: scrypt runs on the thread pool, never stalling the hub's event loop.
 */
export function codeScalar(code: string): Promise<bigint> {
  return new Promise((resolve, reject) => {
    scrypt(code, PAIRING_PROTOCOL, 64, { N: 2 ** 14, r: 8, p: 1 }, (error, key) => {
      if (error) reject(error);
      // 64 bytes reduced mod the order: a bias below 2^-250, never 0 (1 … order-1).
      else resolve((numberFromLE(key) % (ORDER - 1n)) + 1n);
    });
  });
}

/** A fresh secret scalar (x or y): 64 random bytes reduced, never 0. */
export function randomScalar(): bigint {
  return (numberFromLE(randomBytes(64)) % (ORDER - 1n)) + 1n;
}

/** Who talks to whom, as each side sees it; both must see the same for the confirmations to hold. */
export interface PairingContext {
  /** The hub's own certificate fingerprint on the hub; on the screen, the one its TLS connection presented. */
  fingerprint: string;
  hubId: string;
  hubName: string;
  screenName: string;
  screenKind: string;
  /** The hub's id for this exchange. */
  session: string;
}

export interface Confirmed {
  /** SPAKE2's Ke: equal on both sides exactly when they share the code and the context. */
  sessionKey: Uint8Array;
}

/** The hub's answer to a screen's share (SPAKE2's B). */
export interface HubAnswer extends Confirmed {
  share: Uint8Array;
  /** The hub's confirmation, sent with its share. */
  confirmation: Uint8Array;
  /** The confirmation the screen must send back: kept by the hub, never sent. */
  expected: Uint8Array;
}

/**
 * The hub's side: from the screen's share, its own share and confirmation. Null when the screen's
 * share is not a canonical ristretto255 point, or is the identity (a share that would fix the key).
 */
export function answerScreen(w: bigint, screenShare: Uint8Array, context: PairingContext, y = randomScalar()): HubAnswer | null {
  const pA = pointOf(screenShare);
  if (!pA) return null;
  const pB = Point.BASE.multiply(y).add(POINT_N.multiply(w));
  const keys = confirmationKeys(w, pA, pB, pA.subtract(POINT_M.multiply(w)).multiply(y), context);
  if (!keys) return null;
  return { share: pB.toBytes(), confirmation: keys.hub, expected: keys.screen, sessionKey: keys.sessionKey };
}

/** The screen's side (SPAKE2's A): its share first, then the hub's answer checked before its own confirmation exists. */
export class ScreenExchange {
  readonly share: Uint8Array;

  private constructor(
    private readonly w: bigint,
    private readonly x: bigint,
  ) {
    this.share = Point.BASE.multiply(x).add(POINT_M.multiply(w)).toBytes();
  }

  static async start(code: string, x = randomScalar()): Promise<ScreenExchange> {
    return new ScreenExchange(await codeScalar(code), x);
  }

  /**
   * The screen's confirmation, only once the hub's checks out (constant-time); null otherwise: a
   * wrong code, a tampered message, or a hub seen through another certificate. The screen's
   * confirmation is computed only after that check, so a failed exchange never reveals it.
   */
  finish(hubShare: Uint8Array, hubConfirmation: Uint8Array, context: PairingContext): (Confirmed & { confirmation: Uint8Array }) | null {
    const pB = pointOf(hubShare);
    if (!pB) return null;
    const pA = Point.fromBytes(this.share);
    const keys = confirmationKeys(this.w, pA, pB, pB.subtract(POINT_N.multiply(this.w)).multiply(this.x), context);
    if (!keys || !sameBytes(keys.hub, hubConfirmation)) return null;
    return { confirmation: keys.screen, sessionKey: keys.sessionKey };
  }
}

/** Equal byte strings, compared in constant time (a length mismatch is no secret). */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * RFC 9382 §4 and §3.3: TT = len‖A ‖ len‖B ‖ len‖pA ‖ len‖pB ‖ len‖K ‖ len‖w (8-byte little-endian
 * lengths); Ke‖Ka = SHA-256(TT); KcA‖KcB = HKDF(Ka, "ConfirmationKeys"‖AAD); cA, cB = HMAC(Kc, TT).
 */
function confirmationKeys(w: bigint, pA: RistrettoPoint, pB: RistrettoPoint, K: RistrettoPoint, context: PairingContext) {
  if (K.is0()) return null;
  const screenId = framed(['screen', context.screenName, context.screenKind].map((s) => encoder.encode(s)));
  const hubId = framed(['hub', context.fingerprint, context.hubId, context.hubName].map((s) => encoder.encode(s)));
  const transcript = framed([screenId, hubId, pA.toBytes(), pB.toBytes(), K.toBytes(), numberToLE(w)]);
  const digest = createHash('sha256').update(transcript).digest();
  const aad = encoder.encode(`${PAIRING_PROTOCOL}\n${context.session}`);
  const kc = new Uint8Array(hkdfSync('sha256', digest.subarray(16, 32), new Uint8Array(0), concat(encoder.encode('ConfirmationKeys'), aad), 64));
  const mac = (key: Uint8Array) => new Uint8Array(createHmac('sha256', key).update(transcript).digest());
  return { sessionKey: new Uint8Array(digest.subarray(0, 16)), screen: mac(kc.subarray(0, 32)), hub: mac(kc.subarray(32, 64)) };
}

function pointOf(bytes: Uint8Array): RistrettoPoint | null {
  try {
    const point = Point.fromBytes(bytes);
    return point.is0() ? null : point;
  } catch {
    return null;
  }
}

/** Each part preceded by its length (8 bytes, little-endian), so no two transcripts read alike. */
function framed(parts: Uint8Array[]): Uint8Array {
  return concat(
    ...parts.flatMap((part) => {
      const length = new Uint8Array(8);
      new DataView(length.buffer).setBigUint64(0, BigInt(part.length), true);
      return [length, part];
    }),
  );
}

function concat(...parts: Uint8Array[]): Uint8Array {
  return new Uint8Array(Buffer.concat(parts));
}

function numberFromLE(bytes: Uint8Array): bigint {
  return BigInt(`0x${Buffer.from(bytes).reverse().toString('hex') || '0'}`);
}

function numberToLE(n: bigint): Uint8Array {
  return new Uint8Array(Buffer.from(n.toString(16).padStart(64, '0'), 'hex').reverse());
}
