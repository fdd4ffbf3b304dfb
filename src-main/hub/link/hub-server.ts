import { createServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import type { HubRole } from '../../../src-shared/ipc/channels/join';
import { systemClock, type Clock } from '../../base/clock';
import type { Logger } from '../../base/log';
import { Loop } from '../../base/loop';
import type { ContractEndpoint, DeviceAuthority, HubIdentity, PairingDesk } from '../contract';
import { answerUnparsable, requestPath } from './http-replies';
import { fromBrowser, hubRoutes } from './hub-routes';
import { HUB_PORT, SCREEN_PATH } from './protocol';
import { closeServerNow, openSocketDoor } from './socket-door';
import { ConnectionGuard, HUB_CONNECTION_CAPS, type ConnectionCaps } from './connection-guard';
import { SCREEN_LIMITS, ScreenSockets, type ScreenLimits } from './screen-sockets';

/**
 * The hub on the store's network: HTTPS and WSS with the hub's own certificate (screens pin it by
 * fingerprint), its card and pairing steps over HTTPS (hub-routes.ts), and the contract for paired
 * screens over `wss://…/screen` (screen-sockets.ts). It listens on every interface by default: the
 * screens are other machines. Nothing a peer sends throws out of a handler.
 */
export interface HubServer {
  port: number;
  /** Screens connected and admitted now. */
  screens(): number;
  /** The devices connected now (Settings › Telas says which). */
  connectedDevices(): Set<string>;
  close(): Promise<void>;
}

export interface HubServerOptions {
  identity: HubIdentity;
  devices: DeviceAuthority;
  pairing: PairingDesk;
  /** The hub's app: what screens invoke and hear. */
  endpoint: ContractEndpoint;
  logger: Logger;
  clock?: Clock;
  /** Every interface when absent. */
  host?: string;
  /** HUB_PORT when absent; 0 for any free port. */
  port?: number;
  limits?: Partial<ScreenLimits>;
  /** Told whenever a screen connects or goes. */
  presence?: () => void;
  /** Connections at once (MAX_CONNECTIONS when absent); a chain's server serves many stores' terminals. */
  maxConnections?: number;
  /** Connections that have not proven a device, per address and in all, and their TLS deadline (HUB_CONNECTION_CAPS when absent). */
  connectionCaps?: Partial<ConnectionCaps>;
  /**
   * What screens are told this is (its card, every `ready`): a store's hub (`terminal`, the default)
   * or a chain's server (`server`: its screens queue order actions while they cannot reach it).
   */
  role?: HubRole;
}

/** A store has a handful of screens; a flood of connections is someone else's. */
const MAX_CONNECTIONS = 128;

export async function startHubServer(options: HubServerOptions): Promise<HubServer> {
  const logger = options.logger.child({ room: 'hub' });
  const clock = options.clock ?? systemClock;
  const limits = { ...SCREEN_LIMITS, ...options.limits };
  const role = options.role ?? 'terminal';
  const screens = new ScreenSockets({
    devices: options.devices,
    endpoint: options.endpoint,
    clock,
    logger,
    limits,
    role,
    ...(options.presence ? { presence: options.presence } : {}),
  });

  const caps = { ...HUB_CONNECTION_CAPS, ...options.connectionCaps };
  const maxConnections = options.maxConnections ?? MAX_CONNECTIONS;

  const server = createServer(
    {
      cert: options.identity.certPem,
      key: options.identity.keyPem,
      minVersion: 'TLSv1.2',
      // A connection silent before TLS is cut by TLS itself (Node's default waits 120 s).
      handshakeTimeout: caps.handshakeWithinMs,
      headersTimeout: 10_000,
      requestTimeout: 30_000,
      maxHeaderSize: 16 * 1024,
    },
    hubRoutes({ identity: options.identity, pairing: options.pairing, logger, role }),
  );
  server.maxConnections = maxConnections;
  // Half the places at most for connections that have not proven a device: the rest are the paired screens'.
  const guard = new ConnectionGuard({ perAddress: caps.perAddress, strangers: Math.min(caps.strangers, Math.floor(maxConnections / 2)) }, logger);
  // After the TLS server's own listener (added when it was made): a socket cut here is one TLS already wraps, and closes cleanly.
  server.on('connection', (socket: Socket) => guard.admit(socket));
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    logger.debug('hub: malformed request', { code: error.code });
    answerUnparsable(error, socket);
  });
  // A failed TLS handshake (a port scan, a browser refusing the certificate) is no error of the hub's.
  server.on('tlsClientError', (error: NodeJS.ErrnoException) => logger.debug('hub: TLS handshake failed', { code: error.code }));

  const sockets = openSocketDoor(server, {
    logger,
    allows: (request) => !fromBrowser(request) && requestPath(request.url) === SCREEN_PATH,
    serve: (ws, request) => screens.serve(ws, () => guard.proven(request.socket)),
  });

  const stopRevocations = options.devices.onRevoked((deviceId) => screens.closeDevice(deviceId));
  const sweep = new Loop({
    name: 'hub screen sweep',
    clock,
    logger,
    tick: async () => {
      screens.sweepSilent();
      return limits.silentAfterMs / 3;
    },
  });

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? HUB_PORT, options.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    // A port in use is the hub's to report and try again: nothing of this attempt may stay subscribed.
    stopRevocations();
    sockets.close();
    throw error;
  }
  server.on('error', (error) => logger.error('hub: server error', { error }));
  sweep.start();
  logger.info('hub: listening for screens', { port: (server.address() as AddressInfo).port });

  return {
    port: (server.address() as AddressInfo).port,
    screens: () => screens.count,
    connectedDevices: () => screens.connectedDevices(),
    close: async () => {
      stopRevocations();
      await sweep.stop();
      // Before the server's close, which would otherwise wait for a silent connection's handshake deadline.
      guard.closeAll();
      await closeServerNow(server, sockets);
    },
  };
}
