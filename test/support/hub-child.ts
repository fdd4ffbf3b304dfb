/**
 * A hub terminal as its own process, for the screen role's integration and e2e tests: the real
 * app polling the sandbox named in SANDBOX_URL (client `demo`, secret in STORE_TERMINAL_CLIENT_SECRET),
 * its data in DATA_DIR, and the hub room around it (identity, paired screens, pairing window and
 * desk, the LAN server on 127.0.0.1:HUB_PORT, any free port when 0). Until the hub role starts
 * this with the app itself, the test drives what Settings › Screens would (a code, a revocation,
 * the hub's own board) over a loopback control port. Prints `hub ready {json}` once listening.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startApp } from '../../src-main/app/app';
import { clockRunningFrom } from '../../src-main/base/clock';
import { createLogger } from '../../src-main/base/log';
import { loadConfig } from '../../src-main/config/config';
import { HubDb } from '../../src-main/db/hub-db';
import { advertiseHub } from '../../src-main/hub/discovery/advertise';
import { startHubServer } from '../../src-main/hub/link/hub-server';
import { DeviceRegistry } from '../../src-main/hub/trust/device-registry';
import { hubFolder, loadHubIdentity } from '../../src-main/hub/trust/identity';
import { PairingWindow } from '../../src-main/hub/trust/pairing-code';
import { HubPairingDesk } from '../../src-main/hub/trust/pairing-desk';

const { SANDBOX_URL: url, DATA_DIR: dataDir, CLOCK_AT: clockAt, HUB_PORT: hubPort = '0', POLL_SECONDS: pollSeconds = '1', HUB_NAME: hubName = 'Balcão da Pizzaria' } = process.env;
/** ADVERTISE=1: the hub listens on every interface and announces itself by mDNS, as the hub role will. */
const advertise = process.env.ADVERTISE === '1';
if (!url || !dataDir || !clockAt) throw new Error('SANDBOX_URL, DATA_DIR and CLOCK_AT are required');

const logger = createLogger({ level: 'info', write: (line) => process.stderr.write(`${line}\n`) });
const clock = clockRunningFrom(Date.parse(clockAt));
const config = loadConfig(['--data-dir', dataDir, '--no-window', '--api-base-url', url, '--client-id', 'demo', '--poll-interval', pollSeconds, '--credential-store', 'file'], process.env);
const app = await startApp({ config, shell: 'web', logger, version: 'hub-test', clock, screenBrowse: null });

const identity = await loadHubIdentity({ dataDir, name: hubName, clock, logger });
const db = HubDb.open(hubFolder(dataDir));
const registry = new DeviceRegistry(db, clock, logger);
const window = new PairingWindow(clock, logger);
const desk = new HubPairingDesk({ identity, window, registry, clock, logger });
const server = await startHubServer({
  identity,
  devices: registry,
  pairing: desk,
  endpoint: { invoke: (channel, input) => app.ipc.invoke(channel, input), connect: (sink) => app.push.connect(sink) },
  logger,
  clock,
  ...(advertise ? {} : { host: '127.0.0.1' }),
  port: Number(hubPort),
});
const announcement = advertise ? await advertiseHub({ identity, port: server.port, clock, log: logger }) : null;

/** What the test asks of the hub, as staff would at its Settings › Screens or its own window. */
const control = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>) : {};
    const answer = async (): Promise<unknown> => {
      if (request.url === '/code') return window.open();
      if (request.url === '/devices') return registry.list();
      if (request.url === '/revoke') return { revoked: registry.revoke(String(body.deviceId)) };
      if (request.url === '/invoke') return app.ipc.invoke(body.channel, body.input ?? {});
      if (request.url === '/screens') return { connected: server.screens() };
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
    await announcement?.close();
    await server.close();
    await app.stop();
    db.close();
    process.exit(0);
  })();
});
process.stdout.write(`hub ready ${JSON.stringify({ port: server.port, control: (control.address() as AddressInfo).port, fingerprint: identity.fingerprint, hubId: identity.hubId })}\n`);
