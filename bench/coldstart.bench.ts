/**
 * `npm run bench -- coldstart`: the page's cold start to a painted board, for the renderer built
 * unminified (electron-vite's renderer default, what shipped before) and minified (the config now),
 * in the same run. Both builds are made here from electron.vite.config.ts into .cache/coldstart/
 * (not out/, which is what gets packaged and audited), the unminified one with minification and
 * maps turned off; each runs in its own web shell against its own sandbox holding 50 open orders of
 * three stores. A load is a fresh browser context opening its launch link (nothing cached: the host
 * says no-store, and a new context has no V8 code cache), timed from navigation start to the
 * animation frame after the first order card is in the page, and to the board's frame. The builds
 * alternate, the order flipping every round, and each ratio is the median of the rounds' pairs
 * (minified ÷ unminified), so other work on the machine weighs on both. Also the main thread's
 * script time per load (Chromium's ScriptDuration), all of it again with the CPU slowed 4× (a
 * store's terminal is not a developer's machine), and the bundle sizes, raw and gzipped.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'electron-vite';
import type { Browser } from 'playwright-core';
import { DEMO_GROCERY_ID, DEMO_PIZZERIA_ID, DEMO_RESTAURANT_ID, startSandbox } from '../src-sandbox/index';
import { pinnedNow } from '../test/support/clock';
import { rawHttp } from '../test/support/sandbox/sandbox';
import { launchChromium, ROOT, startWebShell, type RunningShell } from '../test/support/shells/web-shell';
import type { Benchmark } from './run';

const VARIANTS = ['unminified', 'minified'] as const;
type Variant = (typeof VARIANTS)[number];
const STORES = [DEMO_RESTAURANT_ID, DEMO_GROCERY_ID, DEMO_PIZZERIA_ID];
const ORDERS = 50;
const ROUNDS = 20;
const SLOWDOWN = 4;

interface Load {
  paintedMs: number;
  boardMs: number;
  scriptMs: number;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** Both builds, from the one config: the unminified one with what the config turned on turned off. */
async function buildVariants(): Promise<Record<Variant, string>> {
  const dirs = { unminified: join(ROOT, '.cache', 'coldstart', 'unminified'), minified: join(ROOT, '.cache', 'coldstart', 'minified') };
  const configFile = join(ROOT, 'electron.vite.config.ts');
  await build({ configFile, logLevel: 'warn', build: { outDir: dirs.minified } });
  await build({ configFile, logLevel: 'warn', build: { outDir: dirs.unminified, minify: false, cssMinify: false, sourcemap: false } });
  return dirs;
}

/** Bytes of the renderer's scripts and styles as served, raw and gzipped, and of the maps kept beside them. */
function bundleSizes(dir: string): { js: number; jsGzip: number; css: number; cssGzip: number; maps: number } {
  const sizes = { js: 0, jsGzip: 0, css: 0, cssGzip: 0, maps: 0 };
  const assets = join(dir, 'renderer', 'assets');
  for (const name of readdirSync(assets)) {
    const file = join(assets, name);
    if (name.endsWith('.map')) sizes.maps += statSync(file).size;
    else if (name.endsWith('.js') || name.endsWith('.css')) {
      const bytes = readFileSync(file);
      const kind = name.endsWith('.js') ? 'js' : 'css';
      sizes[kind] += bytes.length;
      sizes[`${kind}Gzip`] += gzipSync(bytes, { level: 9 }).length;
    }
  }
  return sizes;
}

/** Page side: when the board and the first order card are first painted (the frame after they are in the page). */
function paintProbe(): void {
  const w = window as unknown as { boardAt?: number; firstCardAt?: number };
  new MutationObserver((_, observer) => {
    if (w.boardAt === undefined && document.querySelector('[data-testid="order-board"]')) requestAnimationFrame(() => (w.boardAt ??= performance.now()));
    if (document.querySelector('[data-testid="order-board"] [data-order-id]')) {
      observer.disconnect();
      requestAnimationFrame(() => (w.firstCardAt ??= performance.now()));
    }
  }).observe(document, { childList: true, subtree: true });
}

/** The shell's launch link once it differs from `used` (a link opens one window, then the host writes a new one). */
async function freshLaunchUrl(shell: RunningShell, used: string | undefined): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const url = shell.launchUrl();
    if (url !== used) return url;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the web shell wrote no new launch link');
}

/** One cold load of a shell's page in a fresh context; `slowdown` throttles the page's CPU. */
async function load(browser: Browser, shell: RunningShell, url: string, slowdown: number): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  try {
    const page = await context.newPage();
    // tsx names the functions it compiles with a helper the page lacks: give the page a no-op one.
    await page.addInitScript('window.__name = (f) => f;');
    await page.addInitScript(paintProbe);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    if (slowdown > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    await page.goto(url);
    await page.waitForFunction(() => (window as unknown as { firstCardAt?: number }).firstCardAt !== undefined, undefined, { timeout: 60_000, polling: 50 });
    const { boardAt, firstCardAt } = await page.evaluate(() => {
      const w = window as unknown as { boardAt?: number; firstCardAt?: number };
      return { boardAt: w.boardAt ?? NaN, firstCardAt: w.firstCardAt ?? NaN };
    });
    const metrics = (await cdp.send('Performance.getMetrics')).metrics;
    const scriptSeconds = metrics.find((m) => m.name === 'ScriptDuration')?.value ?? NaN;
    assert.ok(shell.process.exitCode === null, 'the web shell is still running');
    return { paintedMs: firstCardAt, boardMs: boardAt, scriptMs: scriptSeconds * 1000 };
  } finally {
    await context.close();
  }
}

/** A sandbox holding the bench's open orders. */
async function sandboxWithOrders(): Promise<Awaited<ReturnType<typeof startSandbox>>> {
  const sandbox = await startSandbox({ port: 0, now: pinnedNow(), rateLimitFactor: 0 });
  for (let i = 0; i < ORDERS; i++) {
    const response = await rawHttp(sandbox.url).send('POST', '/_sandbox/orders', {
      json: { merchantId: STORES[i % 3], orderType: i % 2 ? 'TAKEOUT' : 'DELIVERY' },
    });
    assert.equal(response.status, 201);
  }
  return sandbox;
}

async function measure(dirs: Record<Variant, string>): Promise<Record<Variant, Record<'plain' | 'slow', Load[]>>> {
  const sandboxes: Awaited<ReturnType<typeof startSandbox>>[] = [];
  const dataDirs: string[] = [];
  const shells: Partial<Record<Variant, RunningShell>> = {};
  const browser = await launchChromium();
  try {
    for (const variant of VARIANTS) {
      // A sandbox each: a polled event is gone once one terminal acknowledges it.
      const sandbox = await sandboxWithOrders();
      sandboxes.push(sandbox);
      const dataDir = mkdtempSync(join(tmpdir(), `st-bench-coldstart-${variant}-`));
      dataDirs.push(dataDir);
      shells[variant] = await startWebShell({
        entry: join(dirs[variant], 'main', 'web.js'),
        args: ['--api-base-url', sandbox.url, '--client-id', 'demo', '--poll-interval', '1'],
        dataDir,
        clientSecret: 'demo-secret',
      });
    }
    const used: Partial<Record<Variant, string>> = {};
    const next = async (variant: Variant): Promise<string> => (used[variant] = await freshLaunchUrl(shells[variant] as RunningShell, used[variant]));
    // Warm-up, not counted: each shell has every order stored, and both builds' files are in the OS's cache.
    for (const variant of VARIANTS) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(await next(variant));
      await page.waitForFunction((n) => Number(document.querySelector('[data-testid="column-new"] [data-testid="column-count"]')?.textContent) >= n, ORDERS, {
        timeout: 60_000,
        polling: 200,
      });
      await context.close();
    }
    const loads: Record<Variant, Record<'plain' | 'slow', Load[]>> = { unminified: { plain: [], slow: [] }, minified: { plain: [], slow: [] } };
    for (const [kind, slowdown] of [
      ['plain', 1],
      ['slow', SLOWDOWN],
    ] as const) {
      for (let round = 0; round < ROUNDS; round++) {
        const order = round % 2 === 0 ? VARIANTS : [...VARIANTS].reverse();
        for (const variant of order) loads[variant][kind].push(await load(browser, shells[variant] as RunningShell, await next(variant), slowdown));
      }
    }
    return loads;
  } finally {
    await browser.close();
    for (const shell of Object.values(shells)) await shell.stop();
    for (const sandbox of sandboxes) await sandbox.close();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }
}

const benchmark: Benchmark = {
  async run() {
    const dirs = await buildVariants();
    const sizes = { unminified: bundleSizes(dirs.unminified), minified: bundleSizes(dirs.minified) };
    for (const variant of VARIANTS) {
      const s = sizes[variant];
      console.log(
        `${variant}: js ${(s.js / 1024).toFixed(0)} KiB (${(s.jsGzip / 1024).toFixed(0)} gzipped), css ${(s.css / 1024).toFixed(0)} KiB (${(s.cssGzip / 1024).toFixed(0)} gzipped), maps ${(s.maps / 1024).toFixed(0)} KiB`,
      );
    }
    const loads = await measure(dirs);
    const median = (variant: Variant, kind: 'plain' | 'slow', key: keyof Load) =>
      percentile(
        loads[variant][kind].map((l) => l[key]),
        50,
      );
    const p90 = (variant: Variant, kind: 'plain' | 'slow', key: keyof Load) =>
      percentile(
        loads[variant][kind].map((l) => l[key]),
        90,
      );
    for (const variant of VARIANTS) {
      console.log(
        `${variant}: first orders painted p50 ${median(variant, 'plain', 'paintedMs').toFixed(0)} ms (p90 ${p90(variant, 'plain', 'paintedMs').toFixed(0)}), script ${median(variant, 'plain', 'scriptMs').toFixed(0)} ms; ` +
          `CPU ${SLOWDOWN}× slower: p50 ${median(variant, 'slow', 'paintedMs').toFixed(0)} ms (p90 ${p90(variant, 'slow', 'paintedMs').toFixed(0)}), script ${median(variant, 'slow', 'scriptMs').toFixed(0)} ms`,
      );
    }
    // Each round's pair, loaded back to back: the median of their ratios.
    const ratio = (kind: 'plain' | 'slow', key: keyof Load) =>
      percentile(
        loads.minified[kind].map((l, i) => l[key] / (loads.unminified[kind][i]?.[key] ?? NaN)),
        50,
      );
    return {
      minified_vs_unminified: ratio('plain', 'paintedMs'),
      minified_vs_unminified_cpu4: ratio('slow', 'paintedMs'),
      script_minified_vs_unminified: ratio('plain', 'scriptMs'),
      script_minified_vs_unminified_cpu4: ratio('slow', 'scriptMs'),
      board_minified_vs_unminified: ratio('plain', 'boardMs'),
      js_bytes_minified_vs_unminified: sizes.minified.js / sizes.unminified.js,
      js_gzip_minified_vs_unminified: sizes.minified.jsGzip / sizes.unminified.jsGzip,
      painted_p50_ms: median('minified', 'plain', 'paintedMs'),
      painted_p50_ms_unminified: median('unminified', 'plain', 'paintedMs'),
      painted_p50_ms_cpu4: median('minified', 'slow', 'paintedMs'),
      painted_p50_ms_cpu4_unminified: median('unminified', 'slow', 'paintedMs'),
      js_bytes: sizes.minified.js,
      js_bytes_unminified: sizes.unminified.js,
      js_gzip_bytes: sizes.minified.jsGzip,
      js_gzip_bytes_unminified: sizes.unminified.jsGzip,
      css_bytes: sizes.minified.css,
      css_bytes_unminified: sizes.unminified.css,
      map_bytes: sizes.minified.maps,
      loads_per_build: ROUNDS,
    };
  },
};

export default benchmark;
