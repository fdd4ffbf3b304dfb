/**
 * `npm run bench -- cache`: the order cache with 100,000 orders (100 days of a busy store, details
 * as the API returns them, written through the app's own ingest and detail paths). Measured in a
 * fresh process that only opens the database, as the app's main process would: today's board query
 * (p50, p99 over 200 runs, all stores and one store), against the 10 ms target and against the same
 * rows read by a full scan (the board without its index), and that process's RSS.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DATABASE_FILE } from '../src-main/db/database';
import { OrdersDb } from '../src-main/db/orders/orders-db';
import { buildOrders } from './order-fixtures';
import type { Benchmark } from './run';

const ORDERS = 100_000;
const DAYS = 100;
const OPEN_TODAY = 40;
const TARGET_MS = 10;
const NOW = Date.parse('2026-11-21T20:00:00Z');
const STORES = ['4a1f6c2e-8b3d-4e5f-9a70-1c2d3e4f5a61', '9c3f0e52-4d6b-4a79-9e2f-3a4b5c6d7e83'];
const HERE = dirname(fileURLToPath(import.meta.url));

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** Runs in a fresh process: open the database, query the board, report times and RSS. */
function measure(dir: string): Record<string, number> {
  const store = OrdersDb.open(dir);
  const time = (fn: () => unknown): number[] => {
    for (let i = 0; i < 20; i++) fn();
    const out: number[] = [];
    for (let i = 0; i < 200; i++) {
      const t0 = performance.now();
      fn();
      out.push(performance.now() - t0);
    }
    return out.sort((a, b) => a - b);
  };
  const rows = store.board.rows({ now: NOW }).length;
  const all = time(() => store.board.rows({ now: NOW }));
  const one = time(() => store.board.rows({ now: NOW, merchantId: STORES[0] }));
  // The same open rows found without the index: what the board would cost with a scan.
  const scanStmt = store.db.prepare('SELECT id, status, board_ms FROM orders NOT INDEXED WHERE is_open = 1 AND board_ms >= ?');
  const scan = time(() => scanStmt.all(NOW - 86_400_000));
  const rss = process.memoryUsage().rss / 1024 / 1024;
  store.close();
  return {
    board_p50: percentile(all, 50),
    board_p99: percentile(all, 99),
    store_p99: percentile(one, 99),
    scan_p50: percentile(scan, 50),
    rows,
    rss_mb: rss,
  };
}

const benchmark: Benchmark = {
  async run() {
    const dir = mkdtempSync(join(tmpdir(), 'st-bench-cache-'));
    try {
      const t0 = performance.now();
      buildOrders(dir, { orders: ORDERS, days: DAYS, openToday: OPEN_TODAY, now: NOW, stores: STORES });
      const buildS = (performance.now() - t0) / 1000;
      const dbMb = statSync(join(dir, DATABASE_FILE)).size / 1024 / 1024;
      console.log(`built ${ORDERS} orders in ${buildS.toFixed(1)} s (${dbMb.toFixed(0)} MB)`);
      const child = spawn(process.execPath, ['--import', 'tsx', join(HERE, 'cache.bench.ts'), '--measure', dir], { stdio: ['ignore', 'pipe', 'inherit'] });
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      if (code !== 0) throw new Error(`measuring process exited with ${code}`);
      const m = JSON.parse(out.trim().split('\n').pop() ?? '{}') as Record<string, number>;
      const r = (k: string) => m[k] ?? NaN;
      console.log(
        `board of ${r('rows')} rows: p50 ${r('board_p50').toFixed(2)} ms, p99 ${r('board_p99').toFixed(2)} ms; full scan p50 ${r('scan_p50').toFixed(2)} ms; RSS ${r('rss_mb').toFixed(0)} MB`,
      );
      return {
        board_p99_vs_target: r('board_p99') / TARGET_MS,
        board_vs_scan: r('board_p50') / r('scan_p50'),
        board_p50: r('board_p50'),
        board_p99: r('board_p99'),
        store_board_p99: r('store_p99'),
        board_rows: r('rows'),
        orders: ORDERS,
        rss_mb: r('rss_mb'),
        db_mb: dbMb,
        build_s: buildS,
      };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};

export default benchmark;

const measureAt = process.argv.indexOf('--measure');
if (measureAt > 0 && process.argv[measureAt + 1]) console.log(JSON.stringify(measure(process.argv[measureAt + 1] as string)));
