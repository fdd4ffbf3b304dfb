import type { ErrorInfo } from '../../src-shared/errors';
import type { AppStatus, Bridge, Connectivity } from '../../src-shared/ipc/contract';
import type { Now } from '../lib/now.svelte';

export const PAGES = ['orders', 'history', 'store', 'menu', 'reviews', 'settings'] as const;
export type Page = (typeof PAGES)[number];

/** The frame's state: which page is open, how the terminal is configured, and its link status. */
export class AppState {
  #page = $state<Page>('orders');
  #status = $state<AppStatus | null>(null);
  #connectivity = $state<Connectivity | null>(null);
  #error = $state<ErrorInfo | null>(null);
  #signedOut = $state(false);

  constructor(
    private readonly bridge: Bridge,
    private readonly now: Now,
  ) {
    bridge.on('connectivity:changed', (value) => {
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
    return this.#error;
  }
  /** The web shell refused this window's session: it must be opened again from the launch link. */
  get signedOut(): boolean {
    return this.#signedOut;
  }

  windowSignedOut(): void {
    this.#signedOut = true;
  }

  async load(): Promise<void> {
    const result = await this.bridge['app:status']({});
    if (result.ok) {
      this.#status = result.value;
      this.#connectivity ??= result.value.connectivity;
      this.#error = null;
      this.now.follow(result.value.now);
    } else {
      this.#error = result.error;
    }
  }

  open(page: Page): void {
    this.#page = page;
  }
}
