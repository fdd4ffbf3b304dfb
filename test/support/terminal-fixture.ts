import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO_RESTAURANT_ID, startSandbox, type RunningSandbox, type SandboxOptions } from '../../src-sandbox/index';
import { pinnedNow } from './clock';
import { rawHttp, type RawHttp } from './sandbox';
import { launchChromium, ROOT, startWebShell, STORE_TIME_ZONE, type RunningShell } from './web-shell';

/** The terminal's small screen, the one the store has: every screen must work on it. */
export const SMALL_SCREEN = { width: 1024, height: 600 } as const;

export interface TerminalFixtureOptions {
  /** Names the data folder and prefixes the screenshots. */
  name: string;
  /** The sandbox's options (its clock at the tests' instant unless `now` says otherwise). */
  sandbox?: SandboxOptions;
  /** Seconds between polls (1: the tests' orders arrive at once). */
  pollSeconds?: number;
  viewport?: { width: number; height: number };
  /** More web-shell flags (after the API, client and poll flags). */
  args?: string[];
  /** What the page waits for before the tests run: the board (default), the current store's name, or nothing. */
  ready?: 'board' | 'store' | 'none';
  /** Runs in every page before the app (an audio spy, a fake clock). */
  initScript?: () => void;
}

export interface TerminalFixture {
  readonly sandbox: RunningSandbox;
  readonly http: RawHttp;
  readonly shell: RunningShell;
  readonly browser: Browser;
  readonly context: BrowserContext;
  readonly page: Page;
  readonly dataDir: string;
  /** The web-shell flags of this terminal against its sandbox (for a restart with more). */
  args(extra?: string[]): string[];
  /** An access token of the demo application (the stores' owner), for reading the sandbox as the platform sees it. */
  token(): Promise<string>;
  /** A screenshot in test-results/, named `<name>-<what>.png`. */
  shot(what: string): Promise<void>;
  /** Stops the web shell and starts it again on the same data folder (a restart of the terminal), the page on it. */
  restart(args?: string[]): Promise<void>;
  /** A sandbox order for a store (the restaurant unless the body names one). */
  placeOrder<T = { id: string; displayId: string }>(body?: Record<string, unknown>): Promise<T>;
}

/**
 * The end-to-end tests' one setup: a sandbox on a free port at the tests' instant, the built web
 * shell connected to it as an integrator would (client id by flag, secret in the environment), and a
 * Chromium page in the store's time zone signed in with the launch link. Call it in a `describe`; it
 * registers the `before` and `after` that start and stop everything.
 */
export function useTerminal(options: TerminalFixtureOptions): TerminalFixture {
  const dataDir = mkdtempSync(join(tmpdir(), `st-${options.name}-`));
  const parts: { sandbox?: RunningSandbox; shell?: RunningShell; browser?: Browser; context?: BrowserContext; page?: Page; token?: string } = {};
  const need = <K extends keyof typeof parts>(key: K): NonNullable<(typeof parts)[K]> => {
    const value = parts[key];
    if (!value) throw new Error(`the terminal fixture has no ${key} yet: use it inside a test or a later before()`);
    return value as NonNullable<(typeof parts)[K]>;
  };
  const args = (extra: string[] = []): string[] => [
    '--api-base-url',
    need('sandbox').url,
    '--client-id',
    'demo',
    '--poll-interval',
    String(options.pollSeconds ?? 1),
    ...(options.args ?? []),
    ...extra,
  ];
  const start = (extra?: string[]) => startWebShell({ args: args(extra), dataDir, clientSecret: 'demo-secret' });

  before(async () => {
    mkdirSync(join(ROOT, 'test-results'), { recursive: true });
    parts.sandbox = await startSandbox({ port: 0, now: pinnedNow(), ...options.sandbox });
    parts.shell = await start();
    parts.browser = await launchChromium();
    parts.context = await parts.browser.newContext({ viewport: options.viewport ?? SMALL_SCREEN, timezoneId: STORE_TIME_ZONE });
    if (options.initScript) await parts.context.addInitScript(options.initScript);
    parts.page = await parts.context.newPage();
    await parts.page.goto(parts.shell.launchUrl());
    if ((options.ready ?? 'board') === 'board') await parts.page.getByTestId('order-board').waitFor();
    if (options.ready === 'store') await parts.page.getByTestId('current-store').waitFor();
  });
  after(async () => {
    await parts.browser?.close();
    await parts.shell?.stop();
    await parts.sandbox?.close();
  });

  return {
    get sandbox() {
      return need('sandbox');
    },
    get http() {
      return rawHttp(need('sandbox').url);
    },
    get shell() {
      return need('shell');
    },
    get browser() {
      return need('browser');
    },
    get context() {
      return need('context');
    },
    get page() {
      return need('page');
    },
    dataDir,
    args,
    token: async () => (parts.token ??= await rawHttp(need('sandbox').url).token('demo', 'demo-secret')),
    shot: async (what) => {
      await need('page').screenshot({ path: join(ROOT, 'test-results', `${options.name}-${what}.png`) });
    },
    restart: async (extra) => {
      await need('shell').stop();
      parts.shell = await start(extra);
      await need('page').goto(parts.shell.launchUrl());
    },
    placeOrder: async <T>(body: Record<string, unknown> = {}) => {
      const response = await rawHttp(need('sandbox').url).send('POST', '/_sandbox/orders', { json: { merchantId: DEMO_RESTAURANT_ID, ...body } });
      if (response.status !== 201) throw new Error(`the sandbox refused the order: ${response.status} ${JSON.stringify(response.body)}`);
      return response.body as T;
    },
  };
}
