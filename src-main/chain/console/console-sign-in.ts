import { createHash, randomBytes } from 'node:crypto';
import type { ConsoleErrorKind, ConsoleMe, SignInInput } from '../../../src-shared/console/console-api';
import type { Clock } from '../../base/clock';
import type { Logger } from '../../base/log';
import type { ConsoleSession, PgChainConsole } from '../db/chain-console';
import { hashSecret, verifySecret } from '../../auth/secret-hash';

/** Wrong passwords in a row before an account is locked, and for how long. */
export const MAX_FAILURES = 5;
export const LOCK_MS = 15 * 60_000;
/** Sign-in tries per address a minute (on this replica): a guesser of many logins meets this; an office behind one address does not. */
export const TRIES_PER_MINUTE = 30;
export const SESSION_TTL_MS = 12 * 60 * 60_000;

export type SignInOutcome =
  | { ok: true; token: string; me: ConsoleMe }
  | { ok: false; kind: Extract<ConsoleErrorKind, 'unauthenticated' | 'locked' | 'rate-limited'>; retryAfterSeconds?: number };

export const tokenDigest = (token: string): Buffer => createHash('sha256').update(token, 'utf8').digest();

/**
 * Who may use the console: sign-in (the password against its scrypt hash; the account locked after
 * five wrong ones, every replica agreeing through the database; tries limited per address), the
 * session a cookie names, and signing out. Refusals never say whether the login exists.
 */
export class ConsoleSignIn {
  private readonly tries = new Map<string, { startMs: number; count: number }>();
  /** Verified against when the login is unknown, so an unknown login takes as long as a wrong password. */
  private decoy: Promise<string> | undefined;

  constructor(private readonly options: { db: PgChainConsole; clock: Clock; logger: Logger }) {}

  async signIn(input: SignInInput, address: string): Promise<SignInOutcome> {
    const { db, clock } = this.options;
    const now = clock.now();
    const limited = this.spendTry(address, now);
    if (limited !== null) return { ok: false, kind: 'rate-limited', retryAfterSeconds: limited };
    const account = await db.account(input.login);
    if (!account) {
      this.decoy ??= hashSecret(randomBytes(16).toString('hex'));
      await verifySecret(input.password, await this.decoy);
      await this.recordSignIn(input.login, 'unknown login');
      return { ok: false, kind: 'unauthenticated' };
    }
    if (account.lockedUntilMs !== null && account.lockedUntilMs > now) {
      await this.recordSignIn(account.login, 'locked');
      return { ok: false, kind: 'locked', retryAfterSeconds: Math.ceil((account.lockedUntilMs - now) / 1000) };
    }
    if (!(await verifySecret(input.password, account.passwordHash))) {
      const lockedUntil = await db.failedSignIn(account.login, now, MAX_FAILURES, LOCK_MS);
      await this.recordSignIn(account.login, lockedUntil === null ? 'wrong password' : 'wrong password: locked');
      return lockedUntil === null
        ? { ok: false, kind: 'unauthenticated' }
        : { ok: false, kind: 'locked', retryAfterSeconds: Math.ceil((lockedUntil - now) / 1000) };
    }
    await db.signedIn(account.login);
    const token = randomBytes(32).toString('base64url');
    const csrfToken = randomBytes(24).toString('base64url');
    await db.openSession({ tokenSha256: tokenDigest(token), login: account.login, csrfToken, now, ttlMs: SESSION_TTL_MS });
    await this.recordSignIn(account.login, 'signed in');
    return { ok: true, token, me: { login: account.login, name: account.name, role: account.role, csrfToken } };
  }

  session(token: string): Promise<ConsoleSession | null> {
    return this.options.db.session(tokenDigest(token), this.options.clock.now());
  }

  async signOut(token: string, login: string): Promise<void> {
    await this.options.db.closeSession(tokenDigest(token));
    await this.options.db.record({ atMs: this.options.clock.now(), login, action: 'sign-out', stores: [], outcome: 'done' });
  }

  /** Seconds to wait when this address has spent its tries of the minute; null when it may try. */
  private spendTry(address: string, now: number): number | null {
    const window = this.tries.get(address);
    if (!window || now - window.startMs >= 60_000) {
      this.tries.set(address, { startMs: now, count: 1 });
      if (this.tries.size > 10_000) this.forgetOld(now);
      return null;
    }
    window.count += 1;
    return window.count > TRIES_PER_MINUTE ? Math.ceil((window.startMs + 60_000 - now) / 1000) : null;
  }

  private forgetOld(now: number): void {
    for (const [address, window] of this.tries) if (now - window.startMs >= 60_000) this.tries.delete(address);
  }

  private async recordSignIn(login: string, outcome: string): Promise<void> {
    await this.options.db.record({ atMs: this.options.clock.now(), login, action: 'sign-in', stores: [], outcome }).catch((error: unknown) => {
      this.options.logger.warn('console: a sign-in could not be recorded', { error });
    });
  }
}
