import { request } from 'node:https';
import { setTimeout as delay } from 'node:timers/promises';
import { WebSocket } from 'ws';
import type { ManualClock } from '../../../src-main/base/clock';
import { silentLogger } from '../../../src-main/base/log';
import { startHubServer, type HubServer, type HubServerOptions } from '../../../src-main/hub/link/hub-server';
import { FakeDevices, FakeEndpoint, FakePairingDesk, testHubIdentity } from './fakes';

/** A hub on loopback with fake trust and a fake app, for the link's tests. */
export async function testHub(clock: ManualClock, options: Partial<HubServerOptions> = {}) {
  const identity = options.identity ?? (await testHubIdentity());
  const devices = new FakeDevices();
  const pairing = new FakePairingDesk();
  const endpoint = new FakeEndpoint();
  const start = (port = 0): Promise<HubServer> =>
    startHubServer({ identity, devices, pairing, endpoint, logger: silentLogger, clock, host: '127.0.0.1', port, ...options });
  return { identity, devices, pairing, endpoint, start };
}

export interface RawScreen {
  ws: WebSocket;
  /** Every message heard and not yet taken by `next`, parsed. */
  heard: unknown[];
  closed: Promise<number>;
  /** Resolves to the next message heard that passes `match`. */
  next(match?: (message: Record<string, unknown>) => boolean): Promise<Record<string, unknown>>;
  send(message: unknown): void;
}

/** A screen's socket by hand, trusting any certificate: for what a real screen would never send. From `localAddress` (another loopback address) when given. */
export function rawScreen(port: number, headers: Record<string, string> = {}, localAddress?: string): Promise<RawScreen> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`wss://127.0.0.1:${port}/screen`, { rejectUnauthorized: false, headers, ...(localAddress ? { localAddress } : {}) });
    const heard: unknown[] = [];
    const waiting: { match: (m: Record<string, unknown>) => boolean; resolve: (m: Record<string, unknown>) => void }[] = [];
    ws.on('message', (data) => {
      const message = JSON.parse(String(data)) as Record<string, unknown>;
      const i = waiting.findIndex((w) => w.match(message));
      if (i >= 0) waiting.splice(i, 1)[0]?.resolve(message);
      else heard.push(message);
    });
    const closed = new Promise<number>((r) => ws.once('close', (code) => r(code)));
    ws.once('open', () =>
      resolve({
        ws,
        heard,
        closed,
        next: (match = () => true) => {
          const seen = heard.find((m) => match(m as Record<string, unknown>));
          if (seen) heard.splice(heard.indexOf(seen), 1);
          return seen ? Promise.resolve(seen as Record<string, unknown>) : new Promise((r) => waiting.push({ match, resolve: r }));
        },
        send: (message) => ws.send(typeof message === 'string' || Buffer.isBuffer(message) ? message : JSON.stringify(message)),
      }),
    );
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
  });
}

/** An HTTPS request to the hub, trusting its self-signed certificate (from `localAddress`, another loopback address, when given). */
export function hubRequest(
  port: number,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer; localAddress?: string } = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: options.method ?? 'GET',
        headers: options.headers,
        rejectUnauthorized: false,
        agent: false,
        ...(options.localAddress ? { localAddress: options.localAddress } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** Moves a manual clock in small steps, letting real sockets work between them, until `done` holds. */
export async function advanceUntil(clock: ManualClock, done: () => boolean, what: string, stepMs = 100, realTimeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + realTimeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await clock.advance(stepMs);
    await delay(5);
  }
}
