import type { StoreTeam, StoreTeamPersonInput } from '../../src-shared/console/console-api';
import type { Answer, ConsoleClient, ConsoleFailure } from './console-client';

/**
 * A store's team on its page (docs/chain-console.md): read with the page (when it opens and each time
 * it is read again), changed by an owner or the store's area manager; each change answers the team
 * as the server keeps it, which replaces the one shown. The read asked last owns what is shown.
 */
export class StoreTeamState {
  team = $state.raw<StoreTeam | null>(null);
  error = $state.raw<ConsoleFailure | null>(null);
  /** A change under way, and why the last one was refused (null: it went). */
  busy = $state(false);
  refusal = $state.raw<ConsoleFailure | null>(null);

  #storeId: string | null = null;
  #ticket = 0;

  constructor(
    private readonly client: ConsoleClient,
    private readonly session: { ended(why: ConsoleFailure): void; readonly csrfToken: string },
  ) {}

  async read(storeId: string): Promise<void> {
    if (storeId !== this.#storeId) this.close();
    this.#storeId = storeId;
    const ticket = ++this.#ticket;
    const answer = await this.client.storeTeam(storeId);
    if (ticket !== this.#ticket) return;
    if (!answer.ok && answer.error.kind === 'unauthenticated') return this.session.ended(answer.error);
    this.team = answer.ok ? answer.value : this.team;
    this.error = answer.ok ? null : answer.error;
  }

  close(): void {
    this.#ticket++;
    this.#storeId = null;
    this.team = null;
    this.error = null;
    this.refusal = null;
  }

  /** A person added or changed; the refusal (a name taken...) or null. */
  save(input: StoreTeamPersonInput): Promise<ConsoleFailure | null> {
    return this.#change((storeId, csrf) => this.client.saveTeamPerson(storeId, input, csrf));
  }

  remove(id: string): Promise<ConsoleFailure | null> {
    return this.#change((storeId, csrf) => this.client.removeTeamPerson(storeId, { id }, csrf));
  }

  configure(signIn: boolean, idleMinutes: number): Promise<ConsoleFailure | null> {
    return this.#change((storeId, csrf) => this.client.setTeamSignIn(storeId, { signIn, idleMinutes }, csrf));
  }

  async #change(send: (storeId: string, csrfToken: string) => Promise<Answer<StoreTeam>>): Promise<ConsoleFailure | null> {
    const storeId = this.#storeId;
    if (storeId === null || this.busy) return null;
    this.busy = true;
    const answer = await send(storeId, this.session.csrfToken);
    this.busy = false;
    if (!answer.ok && answer.error.kind === 'unauthenticated') {
      this.session.ended(answer.error);
      return answer.error;
    }
    if (storeId !== this.#storeId) return null;
    this.refusal = answer.ok ? null : answer.error;
    if (answer.ok) {
      // A read still out predates the change: what the change answered is newer.
      this.#ticket++;
      this.team = answer.value;
    }
    return this.refusal;
  }
}
