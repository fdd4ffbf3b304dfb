import type { ErrorInfo } from '../../src-shared/errors';
import type { AppStatus, Connectivity } from '../../src-shared/ipc/contract';
import { bridge } from '../lib/bridge';

export const PAGES = ['orders', 'store', 'reviews', 'settings'] as const;
export type Page = (typeof PAGES)[number];

/** The frame's state: which page is open, how the terminal is configured, and its link status. */
class AppState {
  page = $state<Page>('orders');
  status = $state<AppStatus | null>(null);
  connectivity = $state<Connectivity | null>(null);
  error = $state<ErrorInfo | null>(null);

  constructor() {
    bridge.on('connectivity:changed', (value) => {
      this.connectivity = value;
    });
  }

  async load(): Promise<void> {
    const result = await bridge['app:status']({});
    if (result.ok) {
      this.status = result.value;
      this.connectivity ??= result.value.connectivity;
      this.error = null;
    } else {
      this.error = result.error;
    }
  }

  open(page: Page): void {
    this.page = page;
  }
}

export const appState = new AppState();
