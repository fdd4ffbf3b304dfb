import type { ConsoleMe, SignInInput } from '../../src-shared/console/console-api';
import type { ConsoleClient, ConsoleFailure } from './console-client';

export type SessionPhase = 'checking' | 'signed-out' | 'signed-in';

/**
 * Who uses the console: asked of the server first (`/api/me`: a session cookie may already be
 * there), then signed in or out. A session the server stops knowing (signed out elsewhere,
 * expired) brings the sign-in back, saying why.
 */
export class SessionState {
  phase = $state<SessionPhase>('checking');
  me = $state.raw<ConsoleMe | null>(null);
  /** Why the last sign-in (or sign-out) failed. */
  error = $state.raw<ConsoleFailure | null>(null);
  /** Why the sign-in form is shown again: the session ended, or the server could not be asked. */
  notice = $state.raw<ConsoleFailure | null>(null);
  busy = $state(false);

  constructor(private readonly client: ConsoleClient) {}

  /** Whether the signed-in person may act (a viewer sees, never acts). */
  get canAct(): boolean {
    return this.me !== null && this.me.role !== 'viewer';
  }

  get csrfToken(): string {
    return this.me?.csrfToken ?? '';
  }

  async check(): Promise<void> {
    const answer = await this.client.me();
    if (answer.ok) this.#signedIn(answer.value);
    else {
      // No cookie yet is the ordinary start, not a notice to show.
      this.#signedOut(answer.error.kind === 'unauthenticated' ? null : answer.error);
    }
  }

  async signIn(input: SignInInput): Promise<boolean> {
    if (this.busy) return false;
    this.busy = true;
    this.error = null;
    this.notice = null;
    try {
      const answer = await this.client.signIn(input);
      if (answer.ok) this.#signedIn(answer.value);
      else this.error = answer.error;
      return answer.ok;
    } finally {
      this.busy = false;
    }
  }

  async signOut(): Promise<void> {
    if (this.busy || !this.me) return;
    this.busy = true;
    try {
      const answer = await this.client.signOut(this.me.csrfToken);
      // Gone already is as good as signed out; anything else stays signed in and says why.
      if (answer.ok || answer.error.kind === 'unauthenticated') this.#signedOut(null);
      else this.error = answer.error;
    } finally {
      this.busy = false;
    }
  }

  /** The server no longer knows this session (a 401 on any call). */
  ended(why: ConsoleFailure): void {
    if (this.phase === 'signed-in') this.#signedOut(why);
  }

  #signedIn(me: ConsoleMe): void {
    this.me = me;
    this.error = null;
    this.notice = null;
    this.phase = 'signed-in';
  }

  #signedOut(why: ConsoleFailure | null): void {
    this.me = null;
    this.error = null;
    this.notice = why;
    this.phase = 'signed-out';
  }
}
