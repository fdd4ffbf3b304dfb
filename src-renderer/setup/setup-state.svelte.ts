import type { ErrorInfo } from '../../src-shared/errors';
import type { PendingAuthorizationView, SetupState as SetupView } from '../../src-shared/ipc/channels/setup';
import type { Bridge, IpcResult } from '../../src-shared/ipc/contract';
import type { Settings } from '../../src-shared/settings';
import type { StoreListItem } from '../../src-shared/wire/merchant';

export type SetupKind = 'centralized' | 'distributed';
export type SetupStep = 'welcome' | 'connect' | 'authorize' | 'stores' | 'join';

/**
 * The first run (and signing out): which account the terminal works as. The screen walks the
 * manager through it; the main process checks each step against the platform before anything is
 * saved, and keeps the secret out of the renderer once sent.
 */
export class SetupState {
  #view = $state<SetupView | null>(null);
  #step = $state<SetupStep>('welcome');
  #kind = $state<SetupKind>('centralized');
  #busy = $state(false);
  #error = $state<ErrorInfo | null>(null);
  #pending = $state<PendingAuthorizationView | null>(null);
  #stores = $state<StoreListItem[]>([]);
  #subscribed = false;

  constructor(private readonly bridge: Bridge) {}

  /** The main process's view (account, the settings file's problem, the credential store); null until read. */
  get view(): SetupView | null {
    return this.#view;
  }
  get step(): SetupStep {
    return this.#step;
  }
  get kind(): SetupKind {
    return this.#kind;
  }
  get busy(): boolean {
    return this.#busy;
  }
  get error(): ErrorInfo | null {
    return this.#error;
  }
  get pending(): PendingAuthorizationView | null {
    return this.#pending;
  }
  get stores(): StoreListItem[] {
    return this.#stores;
  }

  /** Told when the account changed (the screens start over on the new one). */
  onChanged(listener: (view: SetupView) => void): void {
    this.bridge.on('setup:changed', (view) => {
      this.#view = view;
      listener(view);
    });
  }

  async load(): Promise<void> {
    if (!this.#subscribed) this.#subscribed = true;
    const result = await this.bridge['setup:state']({});
    if (result.ok) this.#view = result.value;
    else this.#error = result.error;
  }

  go(step: SetupStep, kind?: SetupKind): void {
    this.#step = step;
    if (kind) this.#kind = kind;
    this.#error = null;
  }

  private async run<T>(call: () => Promise<IpcResult<T>>): Promise<T | undefined> {
    this.#busy = true;
    this.#error = null;
    const result = await call();
    this.#busy = false;
    if (!result.ok) {
      this.#error = result.error;
      return undefined;
    }
    return result.value;
  }

  async tryDemo(): Promise<void> {
    const view = await this.run(() => this.bridge['setup:demo']({}));
    if (view) this.#view = view;
  }

  /** Centralized: checks the credentials (a token, the store list), then asks which stores. */
  async check(input: { apiBaseUrl: string; clientId: string; clientSecret: string }): Promise<void> {
    const checked = await this.run(() => this.bridge['setup:checkCentralized'](input));
    if (!checked) return;
    this.#stores = checked.stores;
    this.#step = 'stores';
  }

  /** Distributed: a user code for the owner to approve in the platform's portal. */
  async authorize(input: { apiBaseUrl: string; clientId: string; clientSecret: string }): Promise<void> {
    const pending = await this.run(() => this.bridge['setup:startAuthorization'](input));
    if (!pending) return;
    this.#pending = pending;
    this.#step = 'authorize';
  }

  async exchange(authorizationCode: string): Promise<void> {
    const checked = await this.run(() => this.bridge['setup:completeAuthorization']({ authorizationCode }));
    if (!checked) return;
    this.#pending = null;
    this.#stores = checked.stores;
    this.#step = 'stores';
  }

  async finish(stores: Settings['stores']): Promise<void> {
    const view = await this.run(() => this.bridge['setup:finish']({ stores }));
    if (view) this.#view = view;
  }

  async signOut(deleteOrders: boolean): Promise<boolean> {
    const view = await this.run(() => this.bridge['setup:signOut']({ deleteOrders }));
    if (!view) return false;
    this.#view = view;
    this.#step = 'welcome';
    return true;
  }
}
