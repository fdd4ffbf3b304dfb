import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before } from 'node:test';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { DEMO_RESTAURANT_ID, seedStores, startSandbox, type RunningSandbox, type SandboxOptions } from '../../../src-sandbox/index';
import { heldClock, pinnedNow, TEST_INSTANT } from '../clock';
import { rawHttp, type RawHttp } from '../sandbox/sandbox';
import { launchChromium, ROOT, startWebShell, STORE_TIME_ZONE, type RunningShell } from './web-shell';

/** The terminal's small screen, the one the store has: every screen must work on it. */
export const SMALL_SCREEN = { width: 1024, height: 600 } as const;

/** Where the screenshots go (docs and reviewers look at them there). */
export const SHOTS = join(ROOT, 'test-results');

export interface TerminalFixtureOptions {
  /** Names the data folder and prefixes the screenshots. */
  name: string;
  /** The sandbox's options (its clock at `clockAt` unless `now` says otherwise). */
  sandbox?: SandboxOptions;
  /**
   * No sandbox of the test's: the shell runs `--demo` against its embedded one, with the demo's own
   * poll interval unless `pollSeconds` names one.
   */
  demo?: boolean;
  /** The instant the sandbox and the terminal start at (default: the tests' instant, support/clock.ts). */
  clockAt?: string;
  /**
   * The sandbox's and the terminal's clocks run this many times faster than real time from `clockAt`
   * (`--clock-rate`), started together (support/clock.ts `heldClock`): an hour's rush in minutes.
   * Such a terminal cannot `restart` (the sandbox's clock would be ahead of its new one).
   */
  clockRate?: number;
  /** Seconds between polls (default 1: the tests' orders arrive at once); null: the terminal's own default. */
  pollSeconds?: number | null;
  /** The application's secret, in the shell's environment (default the demo application's). */
  clientSecret?: string;
  viewport?: { width: number; height: number };
  /** The browser's locale (its own widgets, such as date fields, follow it); Chromium's default otherwise. */
  locale?: string;
  /** A touch screen, as the store's terminal has: `tap()` and `page.touchscreen` work, and the page sees touch events. */
  touch?: boolean;
  /** More web-shell flags (after the API, client and poll flags). */
  args?: string[];
  /** Runs once the sandbox is up and before the terminal starts: what the terminal must find at its first look. */
  seed?: () => Promise<void>;
  /** What the page waits for before the tests run: the board (default), the first store (the restaurant) named in the frame, or nothing. */
  ready?: 'board' | 'store' | 'none';
  /** False: no window of the fixture's (the tests open their own from `browser` and `shell.launchUrl()`). */
  window?: boolean;
  /** Runs in every page before the app (a fake clock, a spy). */
  initScript?: () => void;
  /** Keeps the kinds of the sounds the terminal plays, for `sounds(kind)`. */
  recordSounds?: boolean;
}

export interface RestartOptions {
  /** The terminal's clock on the way back (default: the fixture's `clockAt`). */
  clockAt?: string;
  /** Another platform address (an unreachable one: only the local cache can show the board). */
  apiBaseUrl?: string;
  /** More web-shell flags. */
  args?: string[];
}

export interface TerminalFixture {
  readonly sandbox: RunningSandbox;
  readonly http: RawHttp;
  readonly shell: RunningShell;
  readonly browser: Browser;
  readonly context: BrowserContext;
  readonly page: Page;
  readonly dataDir: string;
  /** The web-shell flags of this terminal against its sandbox, without the clock (for a restart with more). */
  args(extra?: string[]): string[];
  /** An access token of the demo application (the stores' owner), for reading the sandbox as the platform sees it. */
  token(): Promise<string>;
  /** A screenshot in test-results/ named `<name>-<what>.png`: of the page, or of one part of it. */
  shot(what: string, of?: Page | Locator): Promise<void>;
  /** A screenshot in test-results/ named `<file>.png` (for names that do not start with the fixture's). */
  shotAs(file: string, of?: Page | Locator): Promise<void>;
  /**
   * Stops the web shell (if it still runs) and starts it again on the same data folder (a restart of
   * the terminal), the page on its new launch link. To act while it is down, `shell.stop()` first.
   */
  restart(options?: RestartOptions): Promise<void>;
  /** Closes the sandbox for good (the platform is gone); the fixture no longer closes it. */
  stopSandbox(): Promise<void>;
  /** A sandbox order for a store (the restaurant unless the body names one). */
  placeOrder<T = { id: string; displayId: string }>(body?: Record<string, unknown>): Promise<T>;
  /** Sets the sandbox's faults (`{}` clears them): an error rate, a failing promotion. */
  faults(json: Record<string, unknown>): Promise<void>;
  /** How many sounds of a kind the page played (with `recordSounds`). */
  sounds(kind: string): Promise<number>;
}

const RESTAURANT_NAME = seedStores.find((s) => s.id === DEMO_RESTAURANT_ID)?.name ?? 'the restaurant';

/** The audio spy: every sound the terminal plays is announced as a DOM event; the page keeps their kinds. */
function recordSounds(): void {
  const page = globalThis as unknown as { sounds: string[]; addEventListener(type: string, listener: (event: { detail: { kind: string } }) => void): void };
  page.sounds = [];
  page.addEventListener('store-terminal:sound', (event) => page.sounds.push(event.detail.kind));
}

/**
 * The end-to-end tests' one setup: a sandbox on a free port at the tests' instant, the built web
 * shell connected to it as an integrator would (client id by flag, secret in the environment), and a
 * Chromium page in the store's time zone signed in with the launch link. Call it in a `describe`; it
 * registers the `before` and `after` that start and stop everything. A file's own `before` (its
 * specific waits) goes after the call, so it runs once the terminal is up.
 */
export function useTerminal(options: TerminalFixtureOptions): TerminalFixture {
  const dataDir = mkdtempSync(join(tmpdir(), `st-${options.name}-`));
  const clockAt = options.clockAt ?? TEST_INSTANT;
  const pollSeconds = options.pollSeconds === undefined ? (options.demo ? null : 1) : options.pollSeconds;
  const parts: { sandbox?: RunningSandbox; shell?: RunningShell; browser?: Browser; context?: BrowserContext; page?: Page; token?: string } = {};
  const need = <K extends keyof typeof parts>(key: K): NonNullable<(typeof parts)[K]> => {
    const value = parts[key];
    if (!value)
      throw new Error(
        `the terminal fixture has no ${key}: use it inside a test or a later before() (and not after stopSandbox, nor with window: false for a page)`,
      );
    return value as NonNullable<(typeof parts)[K]>;
  };
  const platformFlags = (apiBaseUrl?: string): string[] =>
    options.demo ? ['--demo'] : ['--api-base-url', apiBaseUrl ?? need('sandbox').url, '--client-id', 'demo'];
  const flags = (extra: string[] = [], apiBaseUrl?: string): string[] => [
    ...platformFlags(apiBaseUrl),
    ...(pollSeconds === null ? [] : ['--poll-interval', String(pollSeconds)]),
    ...(options.args ?? []),
    ...extra,
  ];
  const clientSecret = options.clientSecret ?? (options.demo ? undefined : 'demo-secret');
  const faster = options.clockRate === undefined ? undefined : heldClock(clockAt, options.clockRate);
  const start = (restart: RestartOptions = {}) =>
    startWebShell({
      args: [
        ...flags(restart.args, restart.apiBaseUrl),
        '--clock-at',
        restart.clockAt ?? clockAt,
        ...(faster ? ['--clock-rate', String(options.clockRate)] : []),
      ],
      dataDir,
      ...(clientSecret ? { clientSecret } : {}),
      ...(faster ? { onClockStarted: faster.start } : {}),
    });
  const shotTo = (file: string, of?: Page | Locator) => (of ?? need('page')).screenshot({ path: join(SHOTS, `${file}.png`) }).then(() => undefined);

  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    if (!options.demo) parts.sandbox = await startSandbox({ port: 0, now: faster?.now ?? pinnedNow(clockAt), ...options.sandbox });
    await options.seed?.();
    parts.shell = await start();
    parts.browser = await launchChromium();
    if (options.window === false) return;
    parts.context = await parts.browser.newContext({
      viewport: options.viewport ?? SMALL_SCREEN,
      timezoneId: STORE_TIME_ZONE,
      ...(options.locale ? { locale: options.locale } : {}),
      ...(options.touch ? { hasTouch: true } : {}),
    });
    if (options.recordSounds) await parts.context.addInitScript(recordSounds);
    if (options.initScript) await parts.context.addInitScript(options.initScript);
    parts.page = await parts.context.newPage();
    await parts.page.goto(parts.shell.launchUrl());
    if ((options.ready ?? 'board') === 'board') await parts.page.getByTestId('order-board').waitFor();
    if (options.ready === 'store') await parts.page.getByTestId('current-store').getByText(RESTAURANT_NAME).waitFor();
  });
  after(async () => {
    await parts.browser?.close();
    await parts.shell?.stop();
    await parts.sandbox?.close();
  });

  const http = (): RawHttp => rawHttp(need('sandbox').url);
  return {
    get sandbox() {
      return need('sandbox');
    },
    get http() {
      return http();
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
    args: (extra) => flags(extra),
    token: async () => (parts.token ??= await http().token('demo', 'demo-secret')),
    shot: (what, of) => shotTo(`${options.name}-${what}`, of),
    shotAs: shotTo,
    restart: async (restart) => {
      if (faster) throw new Error('a terminal on a faster clock cannot restart: its sandbox’s clock runs on');
      await need('shell').stop();
      parts.shell = await start(restart);
      await need('page').goto(parts.shell.launchUrl());
    },
    stopSandbox: async () => {
      await need('sandbox').close();
      delete parts.sandbox;
    },
    placeOrder: async <T>(body: Record<string, unknown> = {}) => {
      const response = await http().send('POST', '/_sandbox/orders', { json: { merchantId: DEMO_RESTAURANT_ID, ...body } });
      assert.equal(response.status, 201, `the sandbox refused the order: ${JSON.stringify(response.body)}`);
      return response.body as T;
    },
    faults: async (json) => assert.equal((await http().send('PUT', '/_sandbox/faults', { json })).status, 200),
    sounds: (kind) => need('page').evaluate((k) => (globalThis as unknown as { sounds: string[] }).sounds.filter((s) => s === k).length, kind),
  };
}
