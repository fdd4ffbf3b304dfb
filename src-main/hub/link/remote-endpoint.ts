import { WebSocket, type ClientOptions } from 'ws';
import { describeZodError } from '../../../src-shared/errors';
import { channels, isChannelName, isPushName, pushEvents, type IpcResult, type PushName } from '../../../src-shared/ipc/contract';
import type { Clock } from '../../base/clock';
import { Listeners } from '../../base/listeners';
import type { Logger } from '../../base/log';
import { backoffMs, type BackoffPolicy } from '../../queue/backoff';
import type { ContractEndpoint, DeviceCredential } from '../contract';
import { parseJson } from './http-replies';
import { PendingCalls } from './pending-calls';
import { pinnedConnector } from './pinned-tls';
import { CLOSE, closeRefusesDevice, failure, MAX_MESSAGE_BYTES, PushMessage, ReadyMessage, ResultMessage, SCREEN_PATH, type ReadyDevice } from './protocol';

/**
 * A screen's side of the link: the contract, served by the hub over the store's network, as a
 * ContractEndpoint the screen's shell uses as it would its own app. It pins the hub's certificate,
 * shows the device credential, forwards invokes, relays pushes, and reconnects by itself with
 * backoff. Its link state tells the screen when its board is stale. The hub is authenticated by its
 * pinned certificate, and still every answer and push is read with the contract's schema, as the
 * dispatcher and the push hub read them at the hub: a hub of another version, or a bug, is caught
 * here rather than in the screen.
 */

/** Why the link is down: each says something different on the screen. */
export type LossReason = 'starting' | 'unreachable' | 'wrong-certificate' | 'dropped' | 'silent';

export type LinkState =
  | { state: 'connected'; since: number; device: ReadyDevice }
  | { state: 'lost'; since: number; reason: LossReason }
  /** The hub does not know this device (never paired, or revoked): only a new pairing helps, so it stops knocking. */
  | { state: 'refused'; since: number; reason: 'unknown-device' | 'revoked' };

export interface HubAddress {
  host: string;
  port: number;
}

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
/** From half a second to half a minute: on the store's own network a hub comes back in seconds. */
export const LINK_BACKOFF: BackoffPolicy = { baseMs: 500, maxMs: 30_000, jitter: 0.2 };

export interface RemoteEndpointOptions {
  /** Where the hub is now (discovery may move it: read at every attempt). */
  hub: () => HubAddress;
  /** The hub's certificate fingerprint, pinned at pairing. */
  fingerprint: string;
  credential: DeviceCredential;
  clock: Clock;
  logger: Logger;
  backoff?: BackoffPolicy;
  timing?: Partial<LinkTiming>;
}

interface Ending {
  code: number;
  wasReady: boolean;
  reason: LossReason;
}

const OFFLINE = failure('connection', 'the hub terminal cannot be reached');

function socketUrl({ host, port }: HubAddress): string {
  return `wss://${host.includes(':') ? `[${host}]` : host}:${port}${SCREEN_PATH}`;
}

export class RemoteEndpoint implements ContractEndpoint {
  private readonly timing: LinkTiming;
  private readonly calls: PendingCalls;
  private readonly pushes: Listeners<[PushName, unknown]>;
  private readonly links: Listeners<[LinkState]>;
  private readonly stopping = new AbortController();
  private state: LinkState;
  private socket: WebSocket | undefined;
  private nextId = 0;
  private waker: AbortController | undefined;
  private running: Promise<void> | undefined;

  constructor(private readonly options: RemoteEndpointOptions) {
    this.timing = { ...LINK_TIMING, ...options.timing };
    this.calls = new PendingCalls(options.clock, this.timing.answerWithinMs);
    this.pushes = new Listeners('hub push', options.logger);
    this.links = new Listeners('hub link', options.logger);
    this.state = { state: 'lost', since: options.clock.now(), reason: 'starting' };
  }

  start(): void {
    this.running ??= this.run();
  }

  link(): LinkState {
    return this.state;
  }

  onLink(listener: (state: LinkState) => void): () => void {
    return this.links.add(listener);
  }

  connect(sink: (event: PushName, payload: unknown) => void): () => void {
    return this.pushes.add(sink);
  }

  /** Tries again now rather than at the end of the backoff (discovery saw the hub again). */
  reconnectNow(): void {
    this.waker?.abort();
  }

  invoke(channel: unknown, input: unknown): Promise<IpcResult<unknown>> {
    const socket = this.socket;
    if (!socket || socket.readyState !== WebSocket.OPEN) return Promise.resolve(OFFLINE);
    const id = ++this.nextId;
    let message: string;
    try {
      message = JSON.stringify({ id, channel, input });
    } catch {
      return Promise.resolve(failure('bad-input', 'the call cannot be written as JSON'));
    }
    const answer = this.calls.expect(id, String(channel));
    socket.send(message, (error) => error && this.calls.settle(id, OFFLINE));
    return answer;
  }

  async close(): Promise<void> {
    this.stopping.abort();
    await this.running;
    this.calls.settleAll(OFFLINE);
  }

  private async run(): Promise<void> {
    const stop = this.stopping.signal;
    let failures = 0;
    while (!stop.aborted) {
      const ending = await this.linkOnce(stop);
      if (stop.aborted) return;
      if (closeRefusesDevice(ending.code)) {
        this.options.logger.warn('hub link: the hub refused this device; pair again', { code: ending.code });
        return this.become({ state: 'refused', since: this.options.clock.now(), reason: ending.code === CLOSE.REVOKED ? 'revoked' : 'unknown-device' });
      }
      failures = ending.wasReady ? 1 : failures + 1;
      this.lost(ending.reason);
      this.waker = new AbortController();
      try {
        await this.options.clock.sleep(backoffMs(this.options.backoff ?? LINK_BACKOFF, failures), AbortSignal.any([stop, this.waker.signal]));
      } catch {
        // Woken early, or stopped (the loop's condition says which).
      }
    }
  }

  /** One connection, from the handshake to its close. */
  private linkOnce(stop: AbortSignal): Promise<Ending> {
    const { clock, logger } = this.options;
    const pin = pinnedConnector(this.options.fingerprint);
    const life = new AbortController();
    let wasReady = false;
    let silent = false;
    const options: ClientOptions = {
      createConnection: pin.connect as unknown as ClientOptions['createConnection'],
      rejectUnauthorized: false,
      maxPayload: MAX_MESSAGE_BYTES,
      handshakeTimeout: this.timing.handshakeWithinMs,
      perMessageDeflate: false,
      followRedirects: false,
    };
    const ws = new WebSocket(socketUrl(this.options.hub()), options);
    const cut = (): void => ws.terminate();
    stop.addEventListener('abort', cut, { once: true });
    const giveUpUnlessReady = async (): Promise<void> => {
      await clock.sleep(this.timing.readyWithinMs, life.signal);
      if (!wasReady) ws.terminate();
    };
    const beat = async (): Promise<void> => {
      let answered = true;
      ws.on('pong', () => (answered = true));
      for (;;) {
        await clock.sleep(this.timing.pingEveryMs, life.signal);
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
      ws.send(JSON.stringify(this.options.credential));
      giveUpUnlessReady().catch(() => {});
    });
    ws.on('message', (data) => {
      const message = parseJson(String(data));
      if (wasReady) return this.receive(message);
      const ready = ReadyMessage.safeParse(message);
      if (!ready.success) return ws.terminate();
      wasReady = true;
      this.socket = ws;
      this.become({ state: 'connected', since: clock.now(), device: ready.data.device });
      beat().catch(() => {});
    });
    ws.on('error', (error) => logger.debug('hub link: socket error', { error }));
    return new Promise((resolve) => {
      ws.once('close', (code) => {
        stop.removeEventListener('abort', cut);
        life.abort();
        if (this.socket === ws) this.socket = undefined;
        this.calls.settleAll(OFFLINE);
        const reason: LossReason = pin.mismatched() ? 'wrong-certificate' : silent ? 'silent' : wasReady ? 'dropped' : 'unreachable';
        resolve({ code, wasReady, reason });
      });
    });
  }

  private receive(message: unknown): void {
    const result = ResultMessage.safeParse(message);
    if (result.success) return this.calls.settle(result.data.id, this.read(this.calls.channelOf(result.data.id), result.data.result as IpcResult<unknown>));
    const push = PushMessage.safeParse(message);
    if (push.success && isPushName(push.data.push)) {
      const payload = pushEvents[push.data.push].safeParse(push.data.payload);
      if (payload.success) return this.pushes.emit(push.data.push, payload.data);
      return this.options.logger.error('hub link: a push breaks the contract', { event: push.data.push, issue: describeZodError(payload.error).message });
    }
    this.options.logger.warn('hub link: a message from the hub was not understood');
  }

  /** The hub's answer read with the channel's own schema. */
  private read(channel: string | undefined, result: IpcResult<unknown>): IpcResult<unknown> {
    if (!result.ok || !isChannelName(channel)) return result;
    const value = channels[channel].output.safeParse(result.value);
    if (value.success) return { ok: true, value: value.data };
    this.options.logger.error('hub link: an answer breaks the contract', { channel, issue: describeZodError(value.error).message });
    return failure('internal', `the hub's answer to ${channel} breaks the contract`);
  }

  private lost(reason: LossReason): void {
    const since = this.state.state === 'lost' ? this.state.since : this.options.clock.now();
    this.become({ state: 'lost', since, reason });
  }

  private become(state: LinkState): void {
    this.state = state;
    this.links.emit(state);
  }
}
