import type { ErrorInfo } from '../../src-shared/errors';
import type { ScreenKind } from '../../src-shared/ipc/channels/join';
import type { AppStatus, Bridge, Connectivity } from '../../src-shared/ipc/contract';
import type { Now } from '../lib/now.svelte';
import { Read } from '../lib/reads.svelte';

export const PAGES = ['orders', 'history', 'store', 'menu', 'reviews', 'settings'] as const;
export type Page = (typeof PAGES)[number];

/** The frame's state: which page is open, how the terminal is configured, and its link status. */
export class AppState {
  #page = $state<Page>('orders');
  #status = $state<AppStatus | null>(null);
  #connectivity = $state<Connectivity | null>(null);
  readonly #read = new Read();
  #signedOut = $state(false);
  #screenKind = $state<ScreenKind | null>(null);

  constructor(
    private readonly bridge: Bridge,
    private readonly now: Now,
  ) {
    bridge.on('status:changed', (value) => {
      this.#connectivity = value;
    });
  }

  get page(): Page {
    return this.#page;
  }
  get status(): AppStatus | null {
    return this.#status;
  }
  get connectivity(): Connectivity | null {
    return this.#connectivity;
  }
  get error(): ErrorInfo | null {
    return this.#read.error;
  }
  /** The web shell refused this window's session: it must be opened again from the launch link. */
  get signedOut(): boolean {
    return this.#signedOut;
  }

  /**
   * What this terminal is when it is a screen of a hub (null on a hub): the window opens on the
   * screen of that kind (a counter on the board; the kitchen's screens, once they exist, on theirs).
   */
  get screenKind(): ScreenKind | null {
    return this.#screenKind;
  }

  /** The terminal is a screen of this kind (from `setup:state`). */
  isScreen(kind: ScreenKind | null): void {
    this.#screenKind = kind;
  }

  windowSignedOut(): void {
    this.#signedOut = true;
  }

  async load(): Promise<void> {
    const status = await this.#read.run(() => this.bridge['status:get']({}));
    if (!status) return;
    this.#status = status;
    this.#connectivity ??= status.connectivity;
    this.now.follow(status.now, status.clockRate);
  }

  open(page: Page): void {
    this.#page = page;
  }
}
