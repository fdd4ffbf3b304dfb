import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { Clock } from '../../base/clock';
import type { Logger } from '../../base/log';
import type { DeviceCredential, HubIdentity, PairingDesk, ScreenKind } from '../contract';
import { answerScreen, codeScalar, sameBytes, type PairingContext } from './pake';
import type { CodeClosed, PairingWindow, Try } from './pairing-code';
import { ConfirmBody, HelloBody, PAIRING_BODY_LIMIT_BYTES, type HelloAnswer, type Refusal, type RefusalReason } from './pairing-wire';
import { RequestBudget } from './request-budget';

type Answer = { status: number; body: unknown };

/** A hello answered, waiting for the screen's confirmation (in memory: a hub restart simply means a new hello). */
interface Session {
  serial: PairingSerial;
  expected: Uint8Array;
  screen: { name: string; kind: ScreenKind };
}

/** Which code a hello was answered with: the window's serial on a hub, an invite's id on a chain server. */
export type PairingSerial = number | string;

type CodeTry = Try | { ok: true; code: string; serial: PairingSerial; attemptsLeft: number };
type Maybe<T> = T | Promise<T>;

/**
 * Where the desk's codes come from and where a confirmed screen is registered: the hub's pairing
 * window and its list of screens (`windowCodes`), or a chain server's invites in its database.
 */
export interface PairingCodes {
  /** A hello: charges one try of the code in force (on a chain, of the invite `invite` names) and hands it over for the exchange. */
  try(invite?: string): Maybe<CodeTry>;
  /** Whether a session begun with `serial` may still confirm (null), or why not. */
  confirmable(serial: PairingSerial): Maybe<CodeClosed | null>;
  /** Tries left on the code a session began with. */
  attemptsLeft(serial: PairingSerial): Maybe<number>;
  /**
   * Both confirmations held: the code is used up and the screen registered, as one step (nothing else
   * may use the code in between); or why the code takes nothing more. Throws when it cannot be saved.
   */
  redeem(serial: PairingSerial, screen: { name: string; kind: ScreenKind }): Maybe<{ credential: DeviceCredential } | { closed: CodeClosed }>;
}

/** A hub's codes: the window on its screen, and its list of paired screens. */
export function windowCodes(window: PairingWindow, registry: PairingDeskRegistry): PairingCodes {
  const own = (serial: PairingSerial): number => (typeof serial === 'number' ? serial : -1);
  return {
    try: () => window.try(),
    confirmable: (serial) => window.confirmable(own(serial)),
    attemptsLeft: (serial) => window.attemptsLeft(own(serial)),
    redeem: (serial, screen) => {
      const shut = window.confirmable(own(serial));
      if (shut) return { closed: shut };
      const { credential } = registry.register(screen);
      // Synchronous since confirmable(): nothing else could have used the code meanwhile.
      window.use(own(serial));
      return { credential };
    },
  };
}

/** Who registers a screen once both confirmations hold (DeviceRegistry.register). */
export interface PairingDeskRegistry {
  register(screen: { name: string; kind: ScreenKind }): { credential: DeviceCredential };
}

export type PairingDeskOptions = {
  identity: HubIdentity;
  clock: Clock;
  logger: Logger;
} & ({ window: PairingWindow; registry: PairingDeskRegistry } | { codes: PairingCodes });

/**
 * The hub's side of pairing, behind `POST /pair/<step>`:
 * - `hello` {v, name, kind, share}: charges one try of the code shown, runs the hub's half of the
 *   PAKE, and answers {session, hubId, hubName, share, confirmation, attemptsLeft}.
 * - `confirm` {session, confirmation}: checks the screen's confirmation (constant-time); only then
 *   registers the screen and answers its credential {deviceId, secret}. So the credential crosses
 *   after both confirmations, inside the TLS connection whose certificate they covered.
 * Refusals: 400 a body that does not parse, 403 a wrong confirmation (with the tries left),
 * 410 a code (or session) that takes nothing more, 429 too many requests, 404 an unknown step.
 */
export class HubPairingDesk implements PairingDesk {
  private readonly sessions = new Map<string, Session>();
  private readonly budget: RequestBudget;
  private readonly codes: PairingCodes;

  constructor(private readonly options: PairingDeskOptions) {
    this.budget = new RequestBudget(options.clock);
    this.codes = 'codes' in options ? options.codes : windowCodes(options.window, options.registry);
  }

  /** Always resolves (a failure inside is a 500 with a typed body): the route only writes what it gets. */
  async answer(step: string, body: unknown, peer: { address: string }): Promise<Answer> {
    const allowed = this.budget.take(peer.address);
    if (!allowed.ok) return refuse(429, 'rate-limit', 'too-many-requests', 'Too many pairing requests: wait a moment.', { retryAfterMs: allowed.retryAfterMs });
    try {
      if (step === 'hello') return await this.hello(body, peer);
      if (step === 'confirm') return await this.confirm(body, peer);
      return refuse(404, 'not-found', 'unknown-step', 'No such pairing step.');
    } catch (error) {
      this.options.logger.error('pairing step failed', { step, error });
      return refuse(500, 'internal', 'internal', 'The hub could not answer: try again.');
    }
  }

  private async hello(body: unknown, peer: { address: string }): Promise<Answer> {
    const hello = parse(HelloBody, body);
    if (!hello) return badRequest();
    const share = Buffer.from(hello.share, 'base64url');
    await this.forgetClosedSessions();
    const turn = await this.codes.try(hello.invite);
    if (!turn.ok) return closed(turn.closed);
    const { identity } = this.options;
    const session = randomBytes(16).toString('base64url');
    // The screen shows it as the hub's name; an empty one would fail its schema.
    const hubName = identity.name.trim().slice(0, 60) || 'Store Terminal';
    const context: PairingContext = {
      fingerprint: identity.fingerprint,
      hubId: identity.hubId,
      hubName,
      screenName: hello.name,
      screenKind: hello.kind,
      session,
    };
    // The try is charged before this: even a share the exchange refuses (the identity, or one that makes the key trivial) cost its sender a try.
    const answer = answerScreen(await codeScalar(turn.code), share, context);
    if (!answer) return badRequest();
    this.sessions.set(session, { serial: turn.serial, expected: answer.expected, screen: { name: hello.name, kind: hello.kind } });
    this.options.logger.info('pairing hello answered', { address: peer.address, kind: hello.kind, attemptsLeft: turn.attemptsLeft });
    const ok: HelloAnswer = {
      session,
      hubId: identity.hubId,
      hubName,
      share: Buffer.from(answer.share).toString('base64url'),
      confirmation: Buffer.from(answer.confirmation).toString('base64url'),
      attemptsLeft: turn.attemptsLeft,
    };
    return { status: 200, body: ok };
  }

  private async confirm(body: unknown, peer: { address: string }): Promise<Answer> {
    const confirm = parse(ConfirmBody, body);
    if (!confirm) return badRequest();
    const session = this.sessions.get(confirm.session);
    // One confirmation per hello, right or wrong: a replay finds nothing.
    this.sessions.delete(confirm.session);
    if (!session) return refuse(410, 'conflict', 'session-ended', 'This pairing attempt is over: start again.');
    const { codes } = this;
    const { logger } = this.options;
    const shut = await codes.confirmable(session.serial);
    if (shut) return closed(shut);
    if (!sameBytes(session.expected, Buffer.from(confirm.confirmation, 'base64url'))) {
      const attemptsLeft = await codes.attemptsLeft(session.serial);
      logger.warn('pairing refused: wrong code (or a message changed on the way)', { address: peer.address, attemptsLeft });
      return refuse(403, 'forbidden', 'wrong-code', `Wrong code: ${attemptsLeft} tries left.`, { attemptsLeft });
    }
    let redeemed: { credential: DeviceCredential } | { closed: CodeClosed };
    try {
      redeemed = await codes.redeem(session.serial, session.screen);
    } catch (error) {
      logger.error('pairing confirmed but the screen could not be registered', { error });
      return refuse(500, 'storage', 'storage', 'The hub could not save the screen: try again.');
    }
    if ('closed' in redeemed) return closed(redeemed.closed);
    return { status: 200, body: redeemed.credential };
  }

  /**
   * Sessions whose code is no longer the one shown, or expired, are dropped at each hello: at most a
   * code's tries are kept. (A confirmation still finds its own, to say why it is too late.)
   */
  private async forgetClosedSessions(): Promise<void> {
    for (const [id, session] of this.sessions) {
      if ((await this.codes.confirmable(session.serial)) !== null) this.sessions.delete(id);
    }
  }
}

function parse<T>(schema: z.ZodType<T>, body: unknown): T | null {
  let size: number;
  try {
    size = Buffer.byteLength(JSON.stringify(body) ?? '');
  } catch {
    return null;
  }
  if (size > PAIRING_BODY_LIMIT_BYTES) return null;
  const parsed = schema.safeParse(body);
  return parsed.success ? parsed.data : null;
}

function refuse(
  status: number,
  code: Refusal['error']['code'],
  reason: RefusalReason,
  message: string,
  extra: { attemptsLeft?: number; retryAfterMs?: number } = {},
): Answer {
  const body: Refusal = { error: { code, reason, message, ...extra } };
  return { status, body };
}

function badRequest(): Answer {
  return refuse(400, 'validation', 'bad-request', 'This is not a pairing request this hub understands.');
}

const CLOSED_MESSAGES: Record<CodeClosed, string> = {
  none: 'No pairing code is shown on the hub: open Settings › Screens there.',
  expired: 'The code has expired: show a new one on the hub.',
  ended: 'The code took five tries and has ended: show a new one on the hub.',
  used: 'The code has already paired a screen: show a new one on the hub.',
  replaced: 'The hub shows a newer code: use that one.',
};

function closed(why: CodeClosed): Answer {
  return refuse(410, 'conflict', why, CLOSED_MESSAGES[why]);
}
