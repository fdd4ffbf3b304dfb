import { randomInt } from 'node:crypto';
import { z } from 'zod';
import type { Clock } from '../../base/clock';
import { Listeners } from '../../base/listeners';
import type { Logger } from '../../base/log';
import { FINGERPRINT_PATTERN } from './fingerprint';

/**
 * The hub's pairing window (Settings › Screens): one short code at a time, shown for two minutes.
 * The code is a PAKE password (pake.ts), so its six digits only have to survive online guessing,
 * and that is bounded here: five tries per code, one pairing per code, two minutes.
 */

export const CODE_LIFETIME_MS = 2 * 60_000;
/**
 * How long past its two minutes a code's end is still told to a screen trying it (toldUntil). A
 * hub with nothing paired keeps its port open that long for it: a screen is told "the code ended"
 * or "expired" rather than "no terminal answered". It exposes nothing a spent code could use (a
 * code that ended, expired or paired never pairs again), and the port was open for those two
 * minutes anyway; half a minute more covers a code typed as it ran out, and then the port closes.
 */
export const CODE_TOLD_FOR_MS = 30_000;
/** Tries per code. A try is charged at the hello: the hub cannot tell a wrong guess before the screen confirms, and a rogue screen never does. */
export const TRIES_PER_CODE = 5;

/** Six digits shown on a hub; eight on a chain's invite, whose first two name the invite (several may be in force at once). */
export const PairingCodeText = z.string().regex(/^(\d{6}|\d{8})$/, 'six or eight digits');

/** Why a code takes no more tries (or a session of it no confirmation). */
export type CodeClosed = 'none' | 'expired' | 'ended' | 'used' | 'replaced';

/** What the hub's screen shows. */
export type CodeView = { state: 'open'; code: string; expiresAt: number; attemptsLeft: number } | { state: CodeClosed };

export type Try = { ok: true; code: string; serial: number; attemptsLeft: number } | { ok: false; closed: CodeClosed };

interface OpenCode {
  code: string;
  serial: number;
  expiresAt: number;
  tries: number;
  used: boolean;
}

export class PairingWindow {
  private current: OpenCode | null = null;
  private serial = 0;
  private readonly changed: Listeners<[CodeView]>;

  constructor(
    private readonly clock: Clock,
    logger: Pick<Logger, 'warn'>,
  ) {
    this.changed = new Listeners('pairing code', logger);
  }

  /** A new code (crypto random), replacing the one shown: sessions begun with the old one can no longer confirm. */
  open(): CodeView & { state: 'open' } {
    this.current = {
      code: String(randomInt(0, 1_000_000)).padStart(6, '0'),
      serial: ++this.serial,
      expiresAt: this.clock.now() + CODE_LIFETIME_MS,
      tries: 0,
      used: false,
    };
    const view = this.view() as CodeView & { state: 'open' };
    this.changed.emit(view);
    return view;
  }

  /** The hub's screen closed the window: the code takes nothing more. */
  close(): void {
    this.current = null;
    this.changed.emit(this.view());
  }

  view(): CodeView {
    const closed = this.closedNow();
    if (closed || !this.current) return { state: closed ?? 'none' };
    const { code, expiresAt, tries } = this.current;
    return { state: 'open', code, expiresAt, attemptsLeft: TRIES_PER_CODE - tries };
  }

  /** A screen's hello: charges one try and hands the desk the code to run the exchange with. */
  try(): Try {
    const closed = this.closedNow();
    if (closed || !this.current) return { ok: false, closed: closed ?? 'none' };
    this.current.tries++;
    const { code, serial, tries } = this.current;
    if (tries === TRIES_PER_CODE) this.changed.emit(this.view());
    return { ok: true, code, serial, attemptsLeft: TRIES_PER_CODE - tries };
  }

  /**
   * Until when a screen trying the last code shown must still be answered, whatever ended it (its
   * tries, a pairing, its two minutes): CODE_TOLD_FOR_MS past its expiry. Null with no code, or
   * once the hub's screen closed the window (closing it means taking no more screens).
   */
  toldUntil(): number | null {
    return this.current ? this.current.expiresAt + CODE_TOLD_FOR_MS : null;
  }

  /** Tries left on the code a session began with (0 once it is no longer the code shown). */
  attemptsLeft(serial: number): number {
    return this.current?.serial === serial ? TRIES_PER_CODE - this.current.tries : 0;
  }

  /**
   * Whether a session begun with code `serial` may still confirm: its code is still the one shown,
   * unexpired and unused. Its tries running out meanwhile does not matter: its own try was counted.
   */
  confirmable(serial: number): CodeClosed | null {
    if (!this.current) return 'none';
    if (this.current.serial !== serial) return 'replaced';
    if (this.current.used) return 'used';
    if (this.clock.now() >= this.current.expiresAt) return 'expired';
    return null;
  }

  /** One pairing per code: the first session to confirm uses it up; false when another did first. */
  use(serial: number): boolean {
    if (this.confirmable(serial) !== null || !this.current) return false;
    this.current.used = true;
    this.changed.emit(this.view());
    return true;
  }

  /** The hub's screen follows the code: a pairing used it, its tries ran out, a new one was drawn. */
  onChanged(listener: (view: CodeView) => void): () => void {
    return this.changed.add(listener);
  }

  private closedNow(): CodeClosed | null {
    if (!this.current) return 'none';
    if (this.current.used) return 'used';
    if (this.clock.now() >= this.current.expiresAt) return 'expired';
    if (this.current.tries >= TRIES_PER_CODE) return 'ended';
    return null;
  }
}

/** What the QR holds: where the hub is, the certificate to pin, and the code. */
export const PairingInvite = z.object({
  host: z.string().min(1).max(253),
  port: z.coerce.number().int().min(1).max(65_535),
  fingerprint: z.string().regex(FINGERPRINT_PATTERN),
  code: PairingCodeText,
});
export type PairingInvite = z.infer<typeof PairingInvite>;

const SCHEME = 'store-terminal:';

/**
 * The QR's text. A screen that scans it pins the certificate at once (its first TLS handshake is
 * checked against the fingerprint), so a device on the network cannot even be the first to answer;
 * the PAKE then proves the rest as it does for a typed code.
 */
export function pairingUri(invite: PairingInvite): string {
  const query = new URLSearchParams({ host: invite.host, port: String(invite.port), fp: invite.fingerprint, code: invite.code });
  return `${SCHEME}//pair?${query}`;
}

/** A scanned text as an invite, or null when it is not one of ours (a QR is input like any other). */
export function readPairingUri(text: string): PairingInvite | null {
  if (text.length > 512) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== SCHEME || url.host !== 'pair') return null;
  const q = url.searchParams;
  const parsed = PairingInvite.safeParse({ host: q.get('host'), port: q.get('port'), fingerprint: q.get('fp'), code: q.get('code') });
  return parsed.success ? parsed.data : null;
}
