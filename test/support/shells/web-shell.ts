import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { LAUNCH_URL_FILE } from '../../../src-main/shells/web/launch-files';
import { TEST_INSTANT } from '../clock';

export const ROOT = join(import.meta.dirname, '..', '..', '..');
const WEB_ENTRY = join(ROOT, 'out', 'main', 'web.js');

export interface RunningShell {
  origin: string;
  dataDir: string;
  process: ChildProcess;
  output: () => string;
  /** A link that signs one window in (the host renews it after each use, in its owner-only file). */
  launchUrl(): string;
  stop(): Promise<void>;
}

export interface WebShellOptions {
  args?: string[];
  dataDir?: string;
  /** The application's secret, given as an integrator would: in the environment, never a flag. */
  clientSecret?: string;
  /** More environment for the process (an integrator's settings). */
  env?: NodeJS.ProcessEnv;
  /** Another build's web.js (bench/coldstart.bench.ts starts two builds side by side); default out/main/web.js. */
  entry?: string;
  /**
   * Called the moment the shell says its clock started (its `clock started` log line): a sandbox on
   * the same faster clock (`--clock-rate`) starts its own then (support/clock.ts `heldClock`).
   */
  onClockStarted?: () => void;
}

/**
 * Starts the built web shell (`node out/main/web.js --no-window`) and waits until it listens. Its
 * clock runs from the tests' instant (support/clock.ts) unless `args` name another `--clock-at`.
 */
export async function startWebShell(options: WebShellOptions = {}): Promise<RunningShell> {
  const entry = options.entry ?? WEB_ENTRY;
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run \`npm run build\` first`);
  const args = options.args ?? [];
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'st-e2e-'));
  const clock = args.includes('--clock-at') ? [] : ['--clock-at', TEST_INSTANT];
  // The main process stands in the store like the window does (both run on the terminal's machine).
  const env: NodeJS.ProcessEnv = { ...process.env, TZ: STORE_TIME_ZONE, STORE_TERMINAL_LOG_LEVEL: 'info', ...options.env };
  if (options.clientSecret) env.STORE_TERMINAL_CLIENT_SECRET = options.clientSecret;
  const child = spawn(process.execPath, [entry, '--no-window', '--data-dir', dataDir, ...clock, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env });
  let output = '';
  let clockStarted = options.onClockStarted;
  const heard = (d: unknown): void => {
    output += String(d);
    if (clockStarted && output.includes('"msg":"clock started"')) {
      clockStarted();
      clockStarted = undefined;
    }
  };
  child.stdout?.on('data', heard);
  child.stderr?.on('data', heard);
  const origin = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`web shell did not start:\n${output}`)), 20_000);
    const check = (): void => {
      const match = /web shell on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1] && /No window opened/.test(output)) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`web shell exited with ${code}:\n${output}`));
    });
  });
  return {
    origin,
    dataDir,
    process: child,
    output: () => output,
    launchUrl: () => readFileSync(join(dataDir, LAUNCH_URL_FILE), 'utf8').trim(),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Switches the screen's language as a manager does: on the Settings page (the setting is the main process's). */
export async function chooseLanguage(page: Page, locale: 'pt-BR' | 'en'): Promise<void> {
  await page.getByTestId('nav-settings').click();
  await page.getByTestId(`locale-${locale}`).click();
  // A function, not a string: the page's CSP forbids eval. Typed without the DOM lib (this file is
  // also checked with the Node-only config).
  await page.waitForFunction((l) => (globalThis as unknown as { document: { documentElement: { lang: string } } }).document.documentElement.lang === l, locale);
}

export const CHROMIUM = process.env.STORE_TERMINAL_CHROMIUM ?? '/usr/bin/chromium';

/** The demo stores' time zone: the browser stands in the store, whatever the machine's zone. */
export const STORE_TIME_ZONE = 'America/Sao_Paulo';

/** Debian's Chromium, headless, with the flags this closed network needs, in the store's time zone. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    env: { ...process.env, TZ: STORE_TIME_ZONE },
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}
