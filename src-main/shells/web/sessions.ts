import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../base/clock';
import { Listeners } from '../../base/listeners';
import { silentLogger, type Logger } from '../../base/log';

/**
 * Who may drive the terminal through the web shell. A window gets in with a **launch token**:
 * one-time, short-lived, handed over out of band (the window's launch file, or the owner-only link
 * file of a kiosk). The page trades it for a **session**: a separate random credential that the page
 * keeps for its own origin (sessionStorage, so another 127.0.0.1 port never receives it, unlike a
 * cookie) and presents when it opens the IPC socket. A token read later (say, from a process list)
 * is already spent.
 */
export const LAUNCH_TOKEN_TTL_MS = 10 * 60_000;
/** Sessions a host remembers at most (windows opened, reloaded, reopened); the oldest go first. */
const MAX_SESSIONS = 32;

function randomId(): string {
  return randomBytes(32).toString('base64url');
}

/** Constant-time comparison of two ids (a mismatch of length is no secret). */
export function sameId(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export class WebSessions {
  private launch: { token: string; expiresAt: number } | undefined;
  private readonly sessions: string[] = [];
  private readonly listeners: Listeners<[string]>;

  constructor(
    private readonly clock: Clock,
    logger: Pick<Logger, 'warn'> = silentLogger,
  ) {
    this.listeners = new Listeners('launch token', logger);
  }

  /** The launch token outstanding now (a fresh one when none is, or the last one expired or was used). */
  launchToken(): string {
    if (!this.launch || this.clock.now() >= this.launch.expiresAt) {
      this.launch = { token: randomId(), expiresAt: this.clock.now() + LAUNCH_TOKEN_TTL_MS };
      this.listeners.emit(this.launch.token);
    }
    return this.launch.token;
  }

  /** Replaces the outstanding launch token by a fresh one (before it expires, so the launch files always hold a live one). */
  renewLaunchToken(): string {
    this.launch = undefined;
    return this.launchToken();
  }

  /** Told of every new launch token (the launch files are rewritten with it). */
  onLaunchToken(listener: (token: string) => void): () => void {
    return this.listeners.add(listener);
  }

  /** Spends a launch token for a new session; undefined when the token is wrong, used or expired. */
  redeem(token: unknown): string | undefined {
    const launch = this.launch;
    if (typeof token !== 'string' || !launch || this.clock.now() >= launch.expiresAt || !sameId(token, launch.token)) return undefined;
    this.launch = undefined;
    const session = randomId();
    this.sessions.push(session);
    if (this.sessions.length > MAX_SESSIONS) this.sessions.shift();
    // The next window (a kiosk browser restarted) finds a fresh token in the launch file.
    this.launchToken();
    return session;
  }

  isSession(candidate: unknown): boolean {
    return typeof candidate === 'string' && this.sessions.some((s) => sameId(s, candidate));
  }
}
