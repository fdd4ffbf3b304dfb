import { WebSocket } from 'ws';
import { describeZodError } from '../../../src-shared/errors';
import { LinkFailureReason, type HubRole } from '../../../src-shared/ipc/channels/join';
import { channels, isChannelName, isPushName, pushEvents, type IpcResult, type PushName } from '../../../src-shared/ipc/contract';
import type { Clock } from '../../base/clock';
import { Listeners } from '../../base/listeners';
import type { Logger } from '../../base/log';
import { backoffMs, type BackoffPolicy } from '../../queue/backoff';
import type { ContractEndpoint, DeviceCredential } from '../contract';
import { PendingCalls } from './pending-calls';
import { connectToHub, LINK_TIMING, type ConnectionEnding, type HubAddress, type LinkTiming, type LossReason } from './hub-connection';
import { CLOSE, closeRefusesDevice, failure, PushMessage, ResultMessage, type ReadyDevice } from './protocol';

/**
 * A screen's side of the link: the contract, served by the hub over the store's network, as a
 * ContractEndpoint the screen's shell uses as it would its own app. It pins the hub's certificate,
 * shows the device credential, forwards invokes, relays pushes, and reconnects by itself with
 * backoff. Its link state tells the screen when its board is stale. The hub is authenticated by its
 * pinned certificate, and still every answer and push is read with the contract's schema, as the
 * dispatcher and the push fan-out read them at the hub: a hub of another version, or a bug, is caught
 * here rather than in the screen.
 */

export type LinkState =
  /** `role`: what the hub said it is on this connection (a store's hub, or a chain's server). */
  | { state: 'connected'; since: number; device: ReadyDevice; role: HubRole }
  | { state: 'lost'; since: number; reason: LossReason }
  /** The hub does not know this device (never paired, or revoked): only a new pairing helps, so it stops knocking. */
  | { state: 'refused'; since: number; reason: 'unknown-device' | 'revoked' };

/**
 * From half a second to two: a screen is back within about two seconds of its hub (or server)
 * answering again, so what waited on it goes at once. A knock at a hub that is down is one refused
 * connection: cheap for the screen and for the hub.
 */
export const LINK_BACKOFF: BackoffPolicy = { baseMs: 500, maxMs: 2_000, jitter: 0.2 };

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
  /** What the pairing says the hub is, until a connection says (the words of a failed call follow it). */
  role?: HubRole;
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
  private role: HubRole;

  constructor(private readonly options: RemoteEndpointOptions) {
    this.timing = { ...LINK_TIMING, ...options.timing };
    this.calls = new PendingCalls(options.clock, this.timing.answerWithinMs);
    this.pushes = new Listeners('hub push', options.logger);
    this.links = new Listeners('hub link', options.logger);
    this.state = { state: 'lost', since: options.clock.now(), reason: 'starting' };
    this.role = options.role ?? 'terminal';
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
    if (!socket || socket.readyState !== WebSocket.OPEN) return Promise.resolve(this.offline());
    const id = ++this.nextId;
    let message: string;
    try {
      message = JSON.stringify({ id, channel, input });
    } catch {
      return Promise.resolve(failure('bad-input', 'the call cannot be written as JSON'));
    }
    const answer = this.calls.expect(id, String(channel));
    socket.send(message, (error) => error && this.calls.settle(id, this.offline()));
    return answer;
  }

  async close(): Promise<void> {
    this.stopping.abort();
    await this.running;
    this.calls.settleAll(this.offline());
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

  private async linkOnce(stop: AbortSignal): Promise<ConnectionEnding> {
    const { fingerprint, credential, clock, logger } = this.options;
    let live: WebSocket | undefined;
    const ending = await connectToHub({
      address: this.options.hub(),
      fingerprint,
      credential,
      clock,
      logger,
      timing: this.timing,
      stop,
      onReady: (ws, device, role) => {
        live = this.socket = ws;
        this.role = role;
        this.become({ state: 'connected', since: clock.now(), device, role });
      },
      onMessage: (message) => this.receive(message),
    });
    if (live && this.socket === live) this.socket = undefined;
    this.calls.settleAll(this.offline());
    return ending;
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

  /** A call that cannot reach the hub, in words that say whose trouble it is (LinkFailureReason). */
  private offline(): IpcResult<never> {
    if (this.state.state === 'refused')
      return failure('connection', 'the hub no longer takes this screen: pair it again', LinkFailureReason.enum.ScreenRefused);
    if (this.role === 'server') return failure('connection', 'the chain server cannot be reached', LinkFailureReason.enum.ServerOutOfReach);
    return failure('connection', 'the hub terminal cannot be reached', LinkFailureReason.enum.HubOutOfReach);
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

export type { HubAddress, LinkTiming, LossReason };
