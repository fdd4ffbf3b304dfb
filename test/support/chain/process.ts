import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generate } from 'selfsigned';
import { request } from 'undici';
import { ROOT } from '../shells/web-shell';
import { ConsoleClient } from './console-client';

/**
 * A chain server replica as an operator runs it: `src-main/shells/server/cli.ts serve` in a process
 * of its own (through tsx, no build needed), against the tests' PostgreSQL and sandbox, its TLS
 * certificate and key from files, the client secret in the environment.
 */

const CLI = join(ROOT, 'src-main', 'shells', 'server', 'cli.ts');
const ENV = {
  ...process.env,
  STORE_TERMINAL_CLIENT_SECRET: 'demo-secret',
  STORE_TERMINAL_LOG_LEVEL: 'info',
  // The console's page: the tree's build, or one made beside it (a helper that must not rebuild out/ under another's e2e run).
  STORE_TERMINAL_RENDERER_DIR: process.env.STORE_TERMINAL_TEST_RENDERER_DIR ?? join(ROOT, 'out', 'renderer'),
};

export interface ChainReplica {
  name: string;
  port: number;
  adminPort: number;
  /** The manager console's port (with `console: true`), else null. */
  consolePort: number | null;
  process: ChildProcess;
  output(): string;
  /** The replica's Prometheus metrics, as text. */
  metrics(): Promise<string>;
  /** A metric's value (the first line of that name, labels ignored); NaN when absent. */
  metric(name: string): Promise<number>;
  kill(signal: NodeJS.Signals): Promise<void>;
}

export interface ChainReplicaOptions {
  name: string;
  databaseUrl: string;
  sandboxUrl: string;
  /** The replica's clock runs from this instant (a sandbox at a pinned time); absent: the system clock. */
  clockAt?: string;
  tls: { cert: string; key: string };
  /** 0 for any free port; the same port again to restart a replica where its terminals look for it. */
  port?: number;
  pollSeconds?: number;
  /** Seconds between the replica's reads of every store's status (its default, 30, unless given). */
  statusSeconds?: number;
  /** The operator's webhook for the console's alerts (STORE_TERMINAL_ALERT_WEBHOOK). */
  alertWebhook?: string;
  /** Serve the manager console on a free loopback port (off otherwise: replicas on one machine would share its default port). */
  console?: boolean;
}

/** A self-signed certificate for the chain's replicas (every replica serves the same one: terminals pin it). */
export async function chainCertificate(folder: string): Promise<{ cert: string; key: string }> {
  const pems = await generate([{ name: 'commonName', value: 'chain.test' }], { keyType: 'ec', curve: 'P-256', algorithm: 'sha256' } as Parameters<
    typeof generate
  >[1]);
  const cert = join(folder, 'cert.pem');
  const key = join(folder, 'key.pem');
  writeFileSync(cert, pems.cert);
  writeFileSync(key, pems.private, { mode: 0o600 });
  return { cert, key };
}

export async function startChainReplica(options: ChainReplicaOptions): Promise<ChainReplica> {
  const args = [
    '--import',
    'tsx',
    CLI,
    'serve',
    '--database-url',
    options.databaseUrl,
    '--listen',
    `127.0.0.1:${options.port ?? 0}`,
    '--admin-listen',
    '127.0.0.1:0',
    '--console-listen',
    options.console ? '127.0.0.1:0' : 'off',
    '--tls-cert',
    options.tls.cert,
    '--tls-key',
    options.tls.key,
    '--client-id',
    'demo',
    '--api-base-url',
    options.sandboxUrl,
    '--poll-interval-seconds',
    String(options.pollSeconds ?? 1),
    ...(options.clockAt === undefined ? [] : ['--clock-at', options.clockAt]),
    ...(options.statusSeconds === undefined ? [] : ['--status-interval-seconds', String(options.statusSeconds)]),
    '--name',
    options.name,
  ];
  const env = options.alertWebhook ? { ...ENV, STORE_TERMINAL_ALERT_WEBHOOK: options.alertWebhook } : ENV;
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (d) => (output += String(d)));
  child.stderr?.on('data', (d) => (output += String(d)));
  const started = await new Promise<{ port: number; adminPort: number; consolePort: number | null }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`replica ${options.name} did not start:\n${output}`)), 30_000);
    child.stdout?.on('data', () => {
      const match = /Chain server \S+ on [\d.]+:(\d+); admin on [\d.]+:(\d+)/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      const consolePort = /; console on https:\/\/[\d.]+:(\d+)\//.exec(output)?.[1];
      resolve({ port: Number(match[1]), adminPort: Number(match[2]), consolePort: consolePort === undefined ? null : Number(consolePort) });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`replica ${options.name} exited with ${code}:\n${output}`));
    });
  });
  const metrics = async (): Promise<string> => {
    const response = await request(`http://127.0.0.1:${started.adminPort}/metrics`);
    return response.body.text();
  };
  return {
    name: options.name,
    ...started,
    process: child,
    output: () => output,
    metrics,
    metric: async (name) => {
      const line = (await metrics()).split('\n').find((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`));
      return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : Number.NaN;
    },
    kill: (signal) =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill(signal);
      }),
  };
}

/** A manager's `invite`: the one-time code a store terminal types to pair for these stores. */
export function inviteCode(options: { databaseUrl: string; stores: string[]; name: string; kind: string; clockAt: string }): string {
  const run = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      CLI,
      'invite',
      '--json',
      '--database-url',
      options.databaseUrl,
      '--stores',
      options.stores.join(','),
      '--name',
      options.name,
      '--kind',
      options.kind,
      '--clock-at',
      options.clockAt,
    ],
    { cwd: ROOT, env: ENV, encoding: 'utf8' },
  );
  // --json: the one object a script reads on stdout (the logs are on stderr).
  const code = run.status === 0 ? (JSON.parse(run.stdout) as { code?: unknown }).code : undefined;
  if (typeof code !== 'string') throw new Error(`invite failed (${run.status}):\n${run.stdout}\n${run.stderr}`);
  return code;
}

/** A manager's command line (`console-account`, `console-group`, ...) with `--json`, its standard input given; its one JSON answer. */
export function serverCommand(args: readonly string[], input = ''): Record<string, unknown> {
  const run = spawnSync(process.execPath, ['--import', 'tsx', CLI, ...args, '--json'], { cwd: ROOT, env: ENV, encoding: 'utf8', input });
  if (run.status !== 0) throw new Error(`${args[0]} failed (${run.status}):\n${run.stdout}\n${run.stderr}`);
  return JSON.parse(run.stdout) as Record<string, unknown>;
}

/** The chain's owner and a viewer, the accounts the console's tests sign in with. */
export const CHAIN_OWNER = { login: 'dona@rede.com', name: 'Dona da rede', password: 'senha-do-dono-123' };
export const CHAIN_VIEWER = { login: 'olho@rede.com', name: 'Só olha', role: 'viewer', password: 'senha-de-quem-olha' };

/** An account made as an operator makes it, then signed in on a replica's console: that browser's side. */
export async function signedInConsole(
  databaseUrl: string,
  replica: ChainReplica | undefined,
  account: { login: string; name: string; role?: string; password: string },
): Promise<ConsoleClient> {
  if (!replica?.consolePort) throw new Error('this replica serves no console (start it with console: true)');
  consoleAccount(databaseUrl, account);
  const client = new ConsoleClient(`https://127.0.0.1:${replica.consolePort}`);
  const answer = await client.signIn(account.login, account.password);
  if (answer.status !== 200) throw new Error(`${account.login} could not sign in: ${answer.status} ${JSON.stringify(answer.body)}`);
  return client;
}

/** The first owner of a chain's console, as an operator makes it: the password on standard input. */
export function consoleAccount(databaseUrl: string, account: { login: string; name: string; role?: string; password: string }): void {
  serverCommand(
    ['console-account', '--database-url', databaseUrl, '--login', account.login, '--name', account.name, '--role', account.role ?? 'owner'],
    `${account.password}\n`,
  );
}
