import { WebSocket, type ClientOptions } from 'ws';
import type { HubRole } from '../../../src-shared/ipc/channels/join';
import type { Clock } from '../../base/clock';
import type { Logger } from '../../base/log';
import type { DeviceCredential } from '../contract';
import { parseJson } from './http-replies';
import { pinnedConnector } from './pinned-tls';
import { MAX_MESSAGE_BYTES, ReadyMessage, SCREEN_PATH, type ReadyDevice } from './protocol';

/**
 * One connection of a screen to its hub, from the handshake to its close: the hub's certificate is
 * checked against the pin before anything is said, the credential goes first, `ready` makes it
 * live, and a ping every few seconds tells a hub gone quiet (a pulled cable closes nothing) from
 * one merely idle.
 */

/** Why the link is down: each says something different on the screen. */
export type LossReason = 'starting' | 'unreachable' | 'wrong-certificate' | 'dropped' | 'silent';

export interface LinkTiming {
  /** The screen pings this often, and calls the hub silent when the last ping went unanswered. */
  pingEveryMs: number;
  /** From the socket's opening to the hub's `ready`. */
  readyWithinMs: number;
  /** A call the hub has not answered by then answers `timeout`. */
  answerWithinMs: number;
  /** The TLS and WebSocket handshake. */
  handshakeWithinMs: number;
}

export const LINK_TIMING: LinkTiming = { pingEveryMs: 5_000, readyWithinMs: 10_000, answerWithinMs: 60_000, handshakeWithinMs: 10_000 };

export interface HubAddress {
  host: string;
  port: number;
}

export interface ConnectionEnding {
  /** The close code (the hub's refusals are in protocol.ts CLOSE). */
  code: number;
  wasReady: boolean;
  reason: LossReason;
}

export interface HubConnectionOptions {
  address: HubAddress;
  fingerprint: string;
  credential: DeviceCredential;
  clock: Clock;
  logger: Logger;
  timing: LinkTiming;
  /** Ends the connection (the endpoint closes). */
  stop: AbortSignal;
  /** The hub took the credential: the socket is live (`role`: what the hub says it is, at each connection). */
  onReady(ws: WebSocket, device: ReadyDevice, role: HubRole): void;
  /** Every message after `ready`, parsed as JSON (undefined when it was not). */
  onMessage(message: unknown): void;
}

function socketUrl({ host, port }: HubAddress): string {
  return `wss://${host.includes(':') ? `[${host}]` : host}:${port}${SCREEN_PATH}`;
}

/** Resolves when the connection is over, saying how it ended. */
export function connectToHub(options: HubConnectionOptions): Promise<ConnectionEnding> {
  const { clock, logger, timing, stop } = options;
  const pin = pinnedConnector(options.fingerprint);
  const life = new AbortController();
  let wasReady = false;
  let silent = false;
  const client: ClientOptions = {
    createConnection: pin.connect as unknown as ClientOptions['createConnection'],
    rejectUnauthorized: false,
    maxPayload: MAX_MESSAGE_BYTES,
    handshakeTimeout: timing.handshakeWithinMs,
    perMessageDeflate: false,
    followRedirects: false,
  };
  const ws = new WebSocket(socketUrl(options.address), client);
  const cut = (): void => ws.terminate();
  stop.addEventListener('abort', cut, { once: true });

  const giveUpUnlessReady = async (): Promise<void> => {
    await clock.sleep(timing.readyWithinMs, life.signal);
    if (!wasReady) ws.terminate();
  };
  const beat = async (): Promise<void> => {
    let answered = true;
    ws.on('pong', () => (answered = true));
    for (;;) {
      await clock.sleep(timing.pingEveryMs, life.signal);
      if (!answered) {
        silent = true;
        return ws.terminate();
      }
      answered = false;
      ws.ping();
    }
  };

  ws.on('open', () => {
    // Fail closed: without the pinned certificate on this very connection, the credential stays here.
    if (!pin.verified()) return ws.terminate();
    ws.send(JSON.stringify(options.credential));
    giveUpUnlessReady().catch(() => {});
  });
  ws.on('message', (data) => {
    const message = parseJson(String(data));
    if (wasReady) return options.onMessage(message);
    const ready = ReadyMessage.safeParse(message);
    if (!ready.success) return ws.terminate();
    wasReady = true;
    options.onReady(ws, ready.data.device, ready.data.role);
    beat().catch(() => {});
  });
  ws.on('error', (error) => logger.debug('hub link: socket error', { error }));
  return new Promise((resolve) => {
    ws.once('close', (code) => {
      stop.removeEventListener('abort', cut);
      life.abort();
      const reason: LossReason = pin.mismatched() ? 'wrong-certificate' : silent ? 'silent' : wasReady ? 'dropped' : 'unreachable';
      resolve({ code, wasReady, reason });
    });
  });
}
