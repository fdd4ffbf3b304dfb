/**
 * `npm run bench -- fanout`: one push reaching every screen of a store. A hub (PushFanout → hub server
 * over TLS WebSocket) with 10 paired screens (RemoteEndpoint each) on loopback; each round pushes one
 * `orders:changed` with one board row and times it from `PushFanout.push` to the last of the 10 screens
 * hearing it. Baseline, in the same run: the single terminal's push path (PushFanout → the web host's
 * socket → its page). The target: p99 under 50 ms on loopback.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { WebSocket } from 'ws';
import type { OrdersChanged } from '../src-shared/ipc/channels/orders';
import type { PushName } from '../src-shared/ipc/contract';
import { systemClock } from '../src-main/base/clock';
import { silentLogger } from '../src-main/base/log';
import { PushFanout } from '../src-main/ipc/push-fanout';
import { startHubServer } from '../src-main/hub/link/hub-server';
import { RemoteEndpoint } from '../src-main/hub/link/remote-endpoint';
import { startWebHost } from '../src-main/shells/web/host';
import { boardRow } from '../test/support/app/board-row';
import { fakeApp } from '../test/support/app/fake-app';
import { FakeDevices, FakePairingDesk, testHubIdentity } from '../test/support/hub/fakes';
import type { Benchmark } from './run';

const SCREENS = 10;
const ROUNDS = 500;
const WARMUP = 50;
const TARGET_P99_MS = 50;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** Waits for one order id to reach `count` listeners; each listener says when it hears a row id. */
class Arrivals {
  private expected = '';
  private heard = 0;
  private done: (() => void) | undefined;

  constructor(private readonly count: number) {}

  heardRow(id: string): void {
    if (id !== this.expected) return;
    if (++this.heard === this.count) this.done?.();
  }

  expect(id: string): Promise<void> {
    this.expected = id;
    this.heard = 0;
    return new Promise((resolve) => (this.done = resolve));
  }
}

const rowIdOf = (event: PushName, payload: unknown): string | undefined => (event === 'orders:changed' ? (payload as OrdersChanged).rows[0]?.id : undefined);

/** Times ROUNDS pushes (after WARMUP) from PushFanout.push to every listener's arrival, in ms, sorted. */
async function timePushes(push: PushFanout, arrivals: Arrivals): Promise<number[]> {
  const times: number[] = [];
  for (let round = 0; round < WARMUP + ROUNDS; round++) {
    const id = randomUUID();
    const heard = arrivals.expect(id);
    const start = performance.now();
    push.push('orders:changed', { rows: [boardRow(id, Date.now())], actions: [] });
    await heard;
    if (round >= WARMUP) times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b);
}

/** The single terminal: the web host's page socket, as the browser opens it. */
async function singleTerminal(): Promise<number[]> {
  const app = fakeApp();
  const rendererDir = mkdtempSync(join(tmpdir(), 'bench-renderer-'));
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>terminal</title>');
  const host = await startWebHost({ app, rendererDir, logger: silentLogger });
  try {
    const headers = { origin: host.origin, 'content-type': 'application/json' };
    const response = await request(`${host.origin}/session`, { method: 'POST', headers, body: JSON.stringify({ launch: host.sessions.launchToken() }) });
    const { session } = (await response.body.json()) as { session: string };
    const page = new WebSocket(`ws://127.0.0.1:${host.port}/ipc`, { headers: { origin: host.origin } });
    const arrivals = new Arrivals(1);
    await new Promise<void>((resolve, reject) => {
      page.on('message', (data) => {
        const message = JSON.parse(String(data)) as { ready?: boolean; push?: PushName; payload?: unknown };
        if (message.ready) resolve();
        const id = message.push && rowIdOf(message.push, message.payload);
        if (id) arrivals.heardRow(id);
      });
      page.once('open', () => page.send(JSON.stringify({ session })));
      page.once('error', reject);
    });
    const times = await timePushes(app.push, arrivals);
    page.close();
    return times;
  } finally {
    await host.close();
    rmSync(rendererDir, { recursive: true, force: true });
  }
}

/** The hub and its screens (also the chain bench's baseline). */
export async function hubFanout(): Promise<number[]> {
  const push = new PushFanout(silentLogger);
  const identity = await testHubIdentity();
  const devices = new FakeDevices();
  const endpoint = { invoke: () => Promise.reject(new Error('not used')), connect: push.connect.bind(push) };
  const server = await startHubServer({ identity, devices, pairing: new FakePairingDesk(), endpoint, logger: silentLogger, host: '127.0.0.1', port: 0 });
  const arrivals = new Arrivals(SCREENS);
  const screens = Array.from({ length: SCREENS }, (_, n) => {
    const screen = new RemoteEndpoint({
      hub: () => ({ host: '127.0.0.1', port: server.port }),
      fingerprint: identity.fingerprint,
      credential: devices.pair(`Tela ${n + 1}`),
      clock: systemClock,
      logger: silentLogger,
    });
    screen.connect((event, payload) => {
      const id = rowIdOf(event, payload);
      if (id) arrivals.heardRow(id);
    });
    screen.start();
    return screen;
  });
  try {
    while (server.screens() < SCREENS) await new Promise((r) => setTimeout(r, 10));
    return await timePushes(push, arrivals);
  } finally {
    await Promise.all(screens.map((s) => s.close()));
    await server.close();
  }
}

const benchmark: Benchmark = {
  async run() {
    const single = await singleTerminal();
    const fanout = await hubFanout();
    const [s50, s99, f50, f99] = [percentile(single, 50), percentile(single, 99), percentile(fanout, 50), percentile(fanout, 99)];
    console.log(`single terminal (PushFanout → web host socket): p50 ${s50.toFixed(3)} ms, p99 ${s99.toFixed(3)} ms`);
    console.log(`hub → ${SCREENS} screens over TLS (last screen): p50 ${f50.toFixed(3)} ms, p99 ${f99.toFixed(3)} ms`);
    return {
      ratio_p50: f50 / s50,
      ratio_p99: f99 / s99,
      fanout_p50_ms: f50,
      fanout_p99_ms: f99,
      single_p50_ms: s50,
      single_p99_ms: s99,
      screens: SCREENS,
      rounds: ROUNDS,
      p99_under_50ms: f99 < TARGET_P99_MS ? 'yes' : 'no',
    };
  },
};

export default benchmark;
