import type { ConsoleAccount, NewAccountInput, StoreGroup, StoreGroupInput } from '../../src-shared/console/console-api';
import type { Answer, ConsoleClient, ConsoleFailure } from './console-client';

/**
 * The Team page (owners only): the console's accounts and the chain's store groups, read when it
 * opens; each change answers the whole list as it is now, which replaces the one shown. The wall's
 * group filter hears each group saved.
 */
export class TeamState {
  accounts = $state.raw<ConsoleAccount[] | null>(null);
  groups = $state.raw<StoreGroup[] | null>(null);
  /** Why the lists could not be read. */
  error = $state.raw<ConsoleFailure | null>(null);
  /** Why the last change was refused (shown in its dialog). */
  refusal = $state.raw<ConsoleFailure | null>(null);
  busy = $state(false);

  constructor(
    private readonly client: ConsoleClient,
    private readonly session: { readonly csrfToken: string; ended(why: ConsoleFailure): void },
    private readonly wall: { groups: StoreGroup[] },
  ) {}

  async load(): Promise<void> {
    this.error = null;
    const [accounts, groups] = await Promise.all([this.client.accounts(), this.client.groups()]);
    if (accounts.ok) this.accounts = accounts.value.accounts;
    else this.#failed(accounts.error, 'error');
    if (groups.ok) this.#groups(groups.value.groups);
    else this.#failed(groups.error, 'error');
  }

  createAccount(input: NewAccountInput): Promise<boolean> {
    return this.#change(
      () => this.client.createAccount(input, this.session.csrfToken),
      (list) => (this.accounts = list.accounts),
    );
  }

  removeAccount(login: string): Promise<boolean> {
    return this.#change(
      () => this.client.removeAccount({ login }, this.session.csrfToken),
      (list) => (this.accounts = list.accounts),
    );
  }

  /** Saves a group; the accounts are read again after it, since each account lists its groups. */
  async saveGroup(input: StoreGroupInput): Promise<boolean> {
    const saved = await this.#change(
      () => this.client.saveGroup(input, this.session.csrfToken),
      (list) => this.#groups(list.groups),
    );
    if (saved) {
      const accounts = await this.client.accounts();
      if (accounts.ok) this.accounts = accounts.value.accounts;
    }
    return saved;
  }

  /** A dialog opened afresh: no refusal of an earlier one in it. */
  clearRefusal(): void {
    this.refusal = null;
  }

  forget(): void {
    this.accounts = null;
    this.groups = null;
    this.error = null;
    this.refusal = null;
  }

  async #change<T>(send: () => Promise<Answer<T>>, show: (value: T) => void): Promise<boolean> {
    if (this.busy) return false;
    this.busy = true;
    this.refusal = null;
    try {
      const answer = await send();
      if (answer.ok) show(answer.value);
      else this.#failed(answer.error, 'refusal');
      return answer.ok;
    } finally {
      this.busy = false;
    }
  }

  #groups(groups: StoreGroup[]): void {
    this.groups = groups;
    this.wall.groups = groups;
  }

  #failed(error: ConsoleFailure, where: 'error' | 'refusal'): void {
    if (error.kind === 'unauthenticated') this.session.ended(error);
    else this[where] = error;
  }
}
