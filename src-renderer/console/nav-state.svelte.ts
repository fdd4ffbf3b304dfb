/** The console's pages, in the order of its navigation. */
export const CONSOLE_PAGES = ['wall', 'reports'] as const;
export type ConsolePage = (typeof CONSOLE_PAGES)[number];

/** Which page of the console is shown: the status wall first, after every sign-in. */
export class NavState {
  current = $state<ConsolePage>('wall');
}
