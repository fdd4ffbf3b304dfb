import { getContext } from 'svelte';
import { I18n, LOCALES, type Locale } from '../i18n/i18n.svelte';
import { Now } from '../lib/now.svelte';
import { BulkState } from './bulk-state.svelte';
import { ConsoleClient } from './console-client';
import { NavState } from './nav-state.svelte';
import { ReportsState } from './reports-state.svelte';
import { SessionState } from './session-state.svelte';
import { StorePageState } from './store-page-state.svelte';
import { TeamState } from './team-state.svelte';
import { browserTimers, type Timers } from './timers';
import { WallState } from './wall-state.svelte';

/**
 * The console page's state, built once over one client and handed to its components through Svelte
 * context (as the terminal's is: `getChainConsole()`), so a component renders the same against the
 * server or a fake.
 */
export interface ChainConsole {
  i18n: I18n;
  /** The server's clock (each wall's `at`), ticking each second. */
  now: Now;
  session: SessionState;
  wall: WallState;
  bulk: BulkState;
  /** Which page is shown: the wall or the reports. */
  nav: NavState;
  reports: ReportsState;
  /** The store page open over the wall (read while open). */
  store: StorePageState;
  /** The Team page's accounts and groups (owners only). */
  team: TeamState;
  /** Shows the page in `locale` and remembers it in this browser. */
  setLocale(locale: Locale): void;
}

/** Where the page remembers its language (pt-BR unless chosen). */
export interface LocaleStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}
const LOCALE_KEY = 'store-terminal.console.locale';

export interface ChainConsoleOptions {
  client?: ConsoleClient;
  systemNow?: () => number;
  timers?: Timers;
  storage?: LocaleStore | null;
}

export function createChainConsole(options: ChainConsoleOptions = {}): ChainConsole {
  const client = options.client ?? new ConsoleClient();
  const timers = options.timers ?? browserTimers;
  const i18n = new I18n();
  const now = new Now(options.systemNow);
  const session = new SessionState(client);
  const wall = new WallState(client, now, session, timers);
  const bulk = new BulkState(client, session, timers);
  const reports = new ReportsState(client, now, session);
  const storage = options.storage ?? null;
  const remembered = storage?.getItem(LOCALE_KEY);
  i18n.setLocale(remembered && remembered in LOCALES ? (remembered as Locale) : 'pt-BR');
  return {
    i18n,
    now,
    session,
    wall,
    bulk,
    nav: new NavState(),
    reports,
    store: new StorePageState(client, session, timers),
    team: new TeamState(client, session, wall),
    setLocale: (locale) => {
      i18n.setLocale(locale);
      storage?.setItem(LOCALE_KEY, locale);
    },
  };
}

const KEY = Symbol('chain-console');

export function chainConsoleContext(chainConsole: ChainConsole): Map<symbol, ChainConsole> {
  return new Map([[KEY, chainConsole]]);
}

export function getChainConsole(): ChainConsole {
  const found = getContext<ChainConsole | undefined>(KEY);
  if (!found) throw new Error('getChainConsole() outside the console page');
  return found;
}
