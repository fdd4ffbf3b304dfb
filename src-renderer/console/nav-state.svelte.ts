/** The console's pages, in the order of its navigation (the team's for owners only). */
export const CONSOLE_PAGES = ['wall', 'reports', 'team'] as const;
export type ConsolePage = (typeof CONSOLE_PAGES)[number];

/** Which page of the console is shown: the status wall first, after every sign-in; a store's page opens over the wall. */
export class NavState {
  current = $state<ConsolePage>('wall');
  /** The store whose page is open (from its name on the wall), or null for the wall itself. */
  storeId = $state<string | null>(null);
  /** The store whose page was just closed: the wall puts the keyboard back on its name. */
  returnTo: string | null = null;

  go(page: ConsolePage): void {
    this.current = page;
    this.storeId = null;
  }

  openStore(storeId: string): void {
    this.current = 'wall';
    this.storeId = storeId;
  }

  /** Back to the wall from a store's page. */
  closeStore(): void {
    this.returnTo = this.storeId;
    this.storeId = null;
  }

  /** The store to put the keyboard back on, once. */
  takeReturn(): string | null {
    const storeId = this.returnTo;
    this.returnTo = null;
    return storeId;
  }
}
