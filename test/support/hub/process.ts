import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { request } from 'undici';
import type { Device } from '../../../src-main/hub/contract';
import type { IpcResult } from '../../../src-shared/ipc/contract';
import { ROOT } from '../shells/web-shell';

/** The hub child (support/hub-child.ts) bundled once per test process, beside the other test bundles. */
export async function buildHubChild(): Promise<{ entry: string; remove(): void }> {
  const cache = join(ROOT, '.cache', 'test-hub');
  mkdirSync(cache, { recursive: true });
  const entry = join(cache, `hub-${process.pid}.mjs`);
  await build({
    entryPoints: [join(import.meta.dirname, 'child.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    outfile: entry,
    packages: 'external',
    logLevel: 'error',
  });
  return { entry, remove: () => rmSync(entry, { force: true }) };
}

export interface HubProcess {
  port: number;
  fingerprint: string;
  hubId: string;
  process: ChildProcess;
  output(): string;
  /** A new pairing code, as the hub's Settings › Screens shows it. */
  code(): Promise<string>;
  devices(): Promise<Device[]>;
  revoke(deviceId: string): Promise<void>;
  /** A call from the hub's own window. */
  invoke<T = unknown>(channel: string, input?: unknown): Promise<IpcResult<T>>;
  /** Screens connected now. */
  screens(): Promise<number>;
  kill(signal: NodeJS.Signals): Promise<void>;
}

/**
 * Starts the hub child on `dataDir`; `port` 0 for any free one (then reuse it to restart at the same
 * address). `role: 'server'` plays a chain's server: the same hub, saying it is a server to its screens.
 */
export async function startHubProcess(options: {
  entry: string;
  sandboxUrl: string;
  dataDir: string;
  clockAt: string;
  port?: number;
  advertiseAs?: string;
  role?: 'server';
}): Promise<HubProcess> {
  const child = spawn(process.execPath, [options.entry], {
    cwd: ROOT,
    env: {
      ...process.env,
      SANDBOX_URL: options.sandboxUrl,
      DATA_DIR: options.dataDir,
      CLOCK_AT: options.clockAt,
      HUB_PORT: String(options.port ?? 0),
      STORE_TERMINAL_CLIENT_SECRET: 'demo-secret',
      ...(options.advertiseAs ? { ADVERTISE: '1', HUB_NAME: options.advertiseAs } : {}),
      ...(options.role ? { HUB_ROLE: options.role } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += String(d)));
  child.stderr?.on('data', (d) => (output += String(d)));
  const ready = await new Promise<{ port: number; control: number; fingerprint: string; hubId: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the hub did not start:\n${output}`)), 30_000);
    child.stdout?.on('data', () => {
      const match = /hub ready (\{.*\})/.exec(output);
      if (!match?.[1]) return;
      clearTimeout(timer);
      resolve(JSON.parse(match[1]));
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the hub exited with ${code}:\n${output}`));
    });
  });
  const control = async <T>(path: string, body?: unknown): Promise<T> => {
    const response = await request(`http://127.0.0.1:${ready.control}${path}`, { method: 'POST', body: body === undefined ? undefined : JSON.stringify(body) });
    if (response.statusCode !== 200) throw new Error(`hub control ${path}: ${response.statusCode} ${await response.body.text()}`);
    return (await response.body.json()) as T;
  };
  return {
    port: ready.port,
    fingerprint: ready.fingerprint,
    hubId: ready.hubId,
    process: child,
    output: () => output,
    code: async () => (await control<{ code: string }>('/code')).code,
    devices: () => control<Device[]>('/devices'),
    revoke: async (deviceId) => void (await control('/revoke', { deviceId })),
    invoke: (channel, input = {}) => control('/invoke', { channel, input }),
    screens: async () => (await control<{ connected: number }>('/screens')).connected,
    kill: (signal) =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill(signal);
      }),
  };
}
