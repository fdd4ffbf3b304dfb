import type { ErrorInfo } from '../../src-shared/errors';
import type { HubRole, LinkView } from '../../src-shared/ipc/channels/join';
import { CHAIN_SERVED_CHANNELS } from '../../src-shared/ipc/chain-served';
import type { Bridge, ChannelName } from '../../src-shared/ipc/contract';

/**
 * A screen's link to its hub terminal, as the main process pushes it (`join:link`): the banner says
 * when it was lost and that the board is read-only meanwhile; the board is read afresh when the
 * link comes back (what happened while it was down was not pushed here). Null on a hub.
 */
export class LinkState {
  #view = $state<LinkView | null>(null);
  #busy = $state(false);
  #error = $state<ErrorInfo | null>(null);
  #server = $state(false);
  #held = $state(false);
  // Listeners, not state: nothing on screen reads this list.
  readonly #reconnected: (() => void)[] = [];

  constructor(private readonly bridge: Bridge) {
    bridge.on('join:link', (view) => this.apply(view));
  }

  get view(): LinkView | null {
    return this.#view;
  }
  /** The board is what the hub said last, not what it says now: actions wait for the link. */
  get stale(): boolean {
    return this.#view !== null && this.#view.state !== 'connected' && this.#view.reason !== 'starting';
  }
  /** This screen's hub is a chain's server (the pairing said so). */
  get ofServer(): boolean {
    return this.#server;
  }
  /**
   * A screen of a chain's server whose link is lost: the board is stale, but an order's next step is
   * still taken (it waits on this screen with its key, and goes when the link is back).
   */
  get keepsWorking(): boolean {
    return this.#server && this.stale && this.#view?.state === 'lost';
  }
  /** A tap on what needs the server's answer was held since the link was lost (the banner says so). */
  get held(): boolean {
    return this.#held;
  }
  /** Whether this terminal can use a channel: a chain's server answers only its features' server sides (its pages and buttons show only those). */
  serves(channel: ChannelName): boolean {
    return !this.#server || CHAIN_SERVED_CHANNELS.has(channel);
  }
  /** The hub will not take this screen again (revoked, or its credential is gone): only a new pairing helps. */
  get refused(): boolean {
    return this.#view?.state === 'refused';
  }
  get busy(): boolean {
    return this.#busy;
  }
  get error(): ErrorInfo | null {
    return this.#error;
  }

  /** What the pairing says the hub is (setup:state's `screen.hubRole`). */
  setHubRole(role: HubRole | null): void {
    this.#server = role === 'server';
  }

  /** A tap the frame held: it needs the server's answer. */
  hold(): void {
    this.#held = true;
  }

  /** Told each time the link comes back after a loss. */
  onReconnected(listener: () => void): void {
    this.#reconnected.push(listener);
  }

  async load(): Promise<void> {
    const result = await this.bridge['join:link']({});
    if (result.ok) this.apply(result.value);
    else this.#error = result.error;
  }

  /** Knocks at the hub now rather than at the end of the wait. */
  async reconnect(): Promise<void> {
    const result = await this.bridge['join:reconnect']({});
    if (result.ok) this.apply(result.value);
  }

  /** Forgets the hub: the main process tells every window to start over as a first run. */
  async unpair(): Promise<boolean> {
    this.#busy = true;
    const result = await this.bridge['join:unpair']({});
    this.#busy = false;
    if (!result.ok) this.#error = result.error;
    return result.ok && result.value.unpaired;
  }

  private apply(view: LinkView | null): void {
    const was = this.#view;
    this.#view = view;
    if (view?.state !== was?.state) this.#held = false;
    if (was && was.state !== 'connected' && view?.state === 'connected') for (const listener of this.#reconnected) listener();
  }
}

/** Why a link is lost, as the banner words it. */
export function lostWhy(view: LinkView): 'unreachable' | 'dropped' | 'silent' | 'wrong-certificate' | 'starting' {
  const reason = view.reason;
  return reason === 'dropped' || reason === 'silent' || reason === 'wrong-certificate' || reason === 'starting' ? reason : 'unreachable';
}

/** Why the hub refuses this screen, as the banner words it. */
export function refusedWhy(view: LinkView): 'revoked' | 'unknown-device' | 'no-credential' {
  const reason = view.reason;
  return reason === 'unknown-device' || reason === 'no-credential' ? reason : 'revoked';
}
