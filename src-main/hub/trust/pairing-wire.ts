import { z } from 'zod';
import { AppError, ErrorCode } from '../../../src-shared/errors';
import { Device, ScreenKind } from '../contract';
import { TRIES_PER_CODE } from './pairing-code';

/**
 * The pairing's two steps on the wire (`POST /pair/hello`, `POST /pair/confirm`), read by the hub
 * (strict: every body is hostile until parsed) and by the screen (the hub's answers, which are
 * only trusted once the PAKE's confirmation holds).
 */

/** The largest body either step takes, in bytes of JSON: the HTTPS route refuses a larger one before parsing. */
export const PAIRING_BODY_LIMIT_BYTES = 1024;
/** The largest answer a screen reads from a hub. */
export const PAIRING_ANSWER_LIMIT_BYTES = 4096;

/** Exactly `bytes` bytes as unpadded base64url. */
const base64url = (bytes: number) =>
  z
    .string()
    .length(Math.ceil((bytes * 4) / 3))
    .regex(/^[A-Za-z0-9_-]+$/);
export const SessionId = base64url(16);
/** A name shown on the hub's list: no control characters (no line breaks or escapes into a screen or a log). */
const ShownName = Device.shape.name.regex(/^[^\p{Cc}]+$/u, 'no control characters');

export const HelloBody = z.strictObject({
  v: z.literal(1),
  name: ShownName,
  kind: ScreenKind,
  share: base64url(32),
  /** A chain's invite code's first two digits: which of the invites in force the code is (public; the other six stay the secret). */
  invite: z
    .string()
    .regex(/^\d{2}$/)
    .optional(),
});
export type HelloBody = z.infer<typeof HelloBody>;

export const HelloAnswer = z.object({
  session: SessionId,
  hubId: z.string().min(1).max(64),
  hubName: z.string().min(1).max(60),
  share: base64url(32),
  confirmation: base64url(32),
  /** Tries left on the code once this one is counted: what the screen says if the code was wrong. */
  attemptsLeft: z.number().int().min(0).max(TRIES_PER_CODE),
});
export type HelloAnswer = z.infer<typeof HelloAnswer>;

export const ConfirmBody = z.strictObject({ session: SessionId, confirmation: base64url(32) });
export type ConfirmBody = z.infer<typeof ConfirmBody>;

/** Why a step was refused, so a screen can say it in its own words. */
export const RefusalReason = z.enum([
  'bad-request',
  'unknown-step',
  'wrong-code',
  'too-many-requests',
  /** The code: no code shown, past its two minutes, its tries used, already paired a screen, replaced by a new one. */
  'none',
  'expired',
  'ended',
  'used',
  'replaced',
  /** The hello this confirmation answers is unknown or already confirmed (a replay). */
  'session-ended',
  /** Screen side: the certificate is not the one the QR or an earlier pairing pinned. */
  'not-the-hub',
  'storage',
  'internal',
]);
export type RefusalReason = z.infer<typeof RefusalReason>;

export const Refusal = z.object({
  error: z.object({
    code: ErrorCode,
    reason: RefusalReason,
    message: z.string().max(300),
    attemptsLeft: z.number().int().min(0).max(TRIES_PER_CODE).optional(),
    retryAfterMs: z.number().int().nonnegative().optional(),
  }),
});
export type Refusal = z.infer<typeof Refusal>;

/** A refused pairing as a typed error: its kind, why, and for a wrong code how many tries are left. */
export class PairingError extends AppError {
  readonly reason: RefusalReason;
  readonly attemptsLeft: number | undefined;
  readonly retryAfterMs: number | undefined;
  /** The hub's HTTP status, when the hub refused (not when the screen did). */
  readonly status: number | undefined;

  constructor(refusal: Refusal['error'], status?: number) {
    super(refusal.code, refusal.message);
    this.name = 'PairingError';
    this.reason = refusal.reason;
    this.attemptsLeft = refusal.attemptsLeft;
    this.retryAfterMs = refusal.retryAfterMs;
    this.status = status;
  }

  override toInfo() {
    return {
      ...super.toInfo(),
      reason: this.reason,
      ...(this.status === undefined ? {} : { status: this.status }),
      ...(this.retryAfterMs === undefined ? {} : { retryAfterMs: this.retryAfterMs }),
    };
  }
}
