import { z } from 'zod';
import { AppError, describeZodError } from '../../../src-shared/errors';
import { DeviceCredential, ScreenKind } from '../contract';
import { FINGERPRINT_PATTERN } from './fingerprint';
import { PairingCodeText } from './pairing-code';
import { HelloAnswer, PairingError, Refusal, type ConfirmBody, type HelloBody } from './pairing-wire';
import { ScreenExchange, type PairingContext } from './pake';
import { pinnedPost, type PinnedAnswer } from './pinned-tls';

export const PairRequest = z.object({
  host: z.string().min(1).max(253),
  port: z.number().int().min(1).max(65_535),
  code: PairingCodeText,
  name: z.string().min(1).max(60),
  kind: ScreenKind,
  /** From the QR: the hub's certificate is then checked from the first handshake on. */
  expectedFingerprint: z.string().regex(FINGERPRINT_PATTERN).optional(),
  timeoutMs: z.number().int().positive().optional(),
});
export type PairRequest = z.input<typeof PairRequest>;

export interface Paired {
  credential: DeviceCredential;
  /** The hub's certificate, proven by the code: pin it for every later connection. */
  fingerprint: string;
  hubId: string;
  hubName: string;
}

/** Pairing waits this long per request by default: the hub runs scrypt on a hello, on a busy machine. */
const TIMEOUT_MS = 15_000;

/**
 * The screen's side of pairing: `POST /pair/hello`, the hub's confirmation checked, then
 * `POST /pair/confirm` on a connection pinned to the certificate the hello saw. Resolves with the
 * credential and the fingerprint to pin; rejects with an AppError (a PairingError when the hub or
 * the exchange refused: `reason` says why, `attemptsLeft` after a wrong code).
 */
export async function pairWithHub(request: PairRequest): Promise<Paired> {
  const parsed = PairRequest.safeParse(request);
  if (!parsed.success) {
    const { field, message } = describeZodError(parsed.error);
    throw new AppError('validation', message, { field });
  }
  const { host, port, code, name, kind, expectedFingerprint } = parsed.data;
  const target = { host, port };
  const timeoutMs = parsed.data.timeoutMs ?? TIMEOUT_MS;
  const exchange = await ScreenExchange.start(code);

  // A chain's eight-digit code names its invite by its first two digits.
  const helloBody: HelloBody = { v: 1, name, kind, share: base64url(exchange.share), ...(code.length === 8 ? { invite: code.slice(0, 2) } : {}) };
  const hello = await pinnedPost(target, expectedFingerprint ?? null, '/pair/hello', helloBody, timeoutMs);
  const answer = readAnswer(hello, HelloAnswer);
  const context: PairingContext = {
    fingerprint: hello.fingerprint,
    hubId: answer.hubId,
    hubName: answer.hubName,
    screenName: name,
    screenKind: kind,
    session: answer.session,
  };
  const finished = exchange.finish(Buffer.from(answer.share, 'base64url'), Buffer.from(answer.confirmation, 'base64url'), context);
  if (!finished) {
    // The screen's own confirmation is never sent: whoever answered learns nothing more than its one try.
    const message = expectedFingerprint
      ? `Wrong code: ${answer.attemptsLeft} tries left.`
      : `Wrong code, or the device that answered is not the hub: ${answer.attemptsLeft} tries left.`;
    throw new PairingError({ code: 'forbidden', reason: 'wrong-code', message, attemptsLeft: answer.attemptsLeft });
  }

  const confirmBody: ConfirmBody = { session: answer.session, confirmation: base64url(finished.confirmation) };
  // Pinned to the certificate the hello saw and the confirmations covered: the credential comes from that hub or not at all.
  const confirmed = await pinnedPost(target, hello.fingerprint, '/pair/confirm', confirmBody, timeoutMs);
  const credential = readAnswer(confirmed, DeviceCredential);
  return { credential, fingerprint: hello.fingerprint, hubId: answer.hubId, hubName: answer.hubName };
}

/** A 200 read by its schema; any other status as the hub's refusal (or as the kind its status says). */
function readAnswer<T>(answer: PinnedAnswer, schema: z.ZodType<T>): T {
  if (answer.status === 200) {
    const parsed = schema.safeParse(answer.body);
    if (parsed.success) return parsed.data;
    throw new AppError('validation', 'The hub’s pairing answer is not one this screen understands.');
  }
  const refusal = Refusal.safeParse(answer.body);
  if (refusal.success) throw new PairingError(refusal.data.error, answer.status);
  throw new AppError(answer.status >= 500 ? 'server' : 'validation', `The hub refused the pairing (HTTP ${answer.status}).`);
}

function base64url(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64url');
}
