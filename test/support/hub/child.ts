/**
 * A hub terminal as its own process, for the screen role's integration and e2e tests: the real
 * app polling the sandbox named in SANDBOX_URL (client `demo`, secret in STORE_TERMINAL_CLIENT_SECRET),
 * its data in DATA_DIR, with its hub role (app/app.ts `HubService`) taking screens on
 * 127.0.0.1:HUB_PORT (any free port when 0, kept for the run). A code is shown at start, as staff
 * would open Settings › Telas before a screen looks for the hub; the test drives the rest of what
 * Settings › Telas does (a new code, the list, a revocation, the hub's own board) through the app's
 * own channels over a loopback control port. Prints `hub ready {json}` once listening.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ScreensState } from '../../../src-shared/ipc/channels/screens';
import { startApp } from '../../../src-main/app/app';
import { clockRunningFrom } from '../../../src-main/base/clock';
import { createLogger } from '../../../src-main/base/log';
import { loadConfig } from '../../../src-main/config/config';
import { loadHubIdentity } from '../../../src-main/hub/trust/identity';

const {
  SANDBOX_URL: url,
  DATA_DIR: dataDir,
  CLOCK_AT: clockAt,
  HUB_PORT: hubPort = '0',
  POLL_SECONDS: pollSeconds = '1',
  HUB_NAME: hubName = 'Balcão da Pizzaria',
} = process.env;
/** ADVERTISE=1: the hub listens on every interface and announces itself by mDNS, as a store's hub does. */
const advertise = process.env.ADVERTISE === '1';
/** HUB_ROLE=server: the hub tells its screens it is a chain's server (its card, every `ready`), so they queue order actions while it is out of reach. */
const role = process.env.HUB_ROLE === 'server' ? 'server' : undefined;
if (!url || !dataDir || !clockAt) throw new Error('SANDBOX_URL, DATA_DIR and CLOCK_AT are required');

const logger = createLogger({ level: 'info', write: (line) => process.stderr.write(`${line}\n`) });
const clock = clockRunningFrom(Date.parse(clockAt));
const config = loadConfig(
  [
    '--data-dir',
    dataDir,
    '--no-window',
    '--api-base-url',
    url,
    '--client-id',
    'demo',
    '--poll-interval',
    pollSeconds,
    '--credential-store',
    'file',
    '--hub-port',
    hubPort,
    ...(advertise ? [] : ['--no-hub-announce']),
  ],
  process.env,
);
const app = await startApp({
  config,
  shell: 'web',
  logger,
  version: 'hub-test',
  clock,
  screenBrowse: null,
  hub: { ...(advertise ? {} : { host: '127.0.0.1' }), ...(role ? { role } : {}), name: async () => hubName },
});

async function call<T>(channel: string, input: unknown = {}): Promise<T> {
  const result = await app.ipc.invoke(channel, input);
  if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
  return result.value as T;
}
const codeOf = (state: ScreensState): string => {
  if (state.pairing.state !== 'open') throw new Error(`no code: ${state.problem?.message ?? state.pairing.why}`);
  return state.pairing.code;
};

// The identity the hub role uses (the same file): the test finds the hub by it in the mDNS list.
const identity = await loadHubIdentity({ dataDir, name: hubName, clock, logger });
const opened = await call<ScreensState>('screens:openPairing');
codeOf(opened);

/** What the test asks of the hub, as staff would at its Settings › Telas or its own window. */
const control = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>) : {};
    const answer = async (): Promise<unknown> => {
      if (request.url === '/code') return { code: codeOf(await call<ScreensState>('screens:openPairing')) };
      // The list shows screens not revoked (a revoked one leaves it).
      if (request.url === '/devices') return (await call<ScreensState>('screens:state')).screens.map((s) => ({ ...s, revokedAt: null }));
      if (request.url === '/revoke') return call('screens:revoke', { deviceId: String(body.deviceId) });
      if (request.url === '/invoke') return app.ipc.invoke(body.channel, body.input ?? {});
      if (request.url === '/screens') return { connected: (await call<ScreensState>('screens:state')).screens.filter((s) => s.connected).length };
      throw new Error(`no such control ${request.url}`);
    };
    answer().then(
      (value) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value)),
      (error: unknown) => response.writeHead(500).end(String(error)),
    );
  });
});
await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));

process.on('SIGTERM', () => {
  void (async () => {
    await app.stop();
    process.exit(0);
  })();
});
process.stdout.write(
  `hub ready ${JSON.stringify({ port: opened.port, control: (control.address() as AddressInfo).port, fingerprint: identity.fingerprint, hubId: identity.hubId })}\n`,
);
