import type { ErrorInfo } from '../../src-shared/errors';
import type { HubsView, JoinOutcome, JoinRefusal, JoinTarget, ScreenKind } from '../../src-shared/ipc/channels/join';
import type { Bridge } from '../../src-shared/ipc/contract';

/** The join step's pages: which hub, what this screen is, the hub's code. */
export type JoinPage = 'hub' | 'screen' | 'code';

/** The hub chosen, as the step shows it back ("Balcão · 192.168.0.10:47110"). */
export interface ChosenHub {
  target: JoinTarget;
  label: string;
}

export const CODE_LENGTH = 6;
/** A chain's invite: eight digits, the first two naming the invite (a typed address may be a chain's server). */
export const INVITE_CODE_LENGTH = 8;

/** Refusals about the hub chosen (the address, the link, the device that answered), said on the hub's page. */
const HUB_REFUSALS: ReadonlySet<JoinRefusal> = new Set(['bad-address', 'bad-uri', 'hub-gone', 'not-the-hub', 'unreachable', 'not-first-run']);

/**
 * Joining another terminal of the store from the first run: the hubs heard on the network (live,
 * while the step is open), or an address typed, or the hub's pairing link pasted; what this
 * screen is and its name; then the six digits the hub shows. The main process pairs; a refusal
 * comes back as a reason (and the tries left), said in words by the step.
 */
export class JoinState {
  #hubs = $state<HubsView>({ hubs: [], problem: null, browsing: false });
  #page = $state<JoinPage>('hub');
  #hub = $state<ChosenHub | null>(null);
  #kind = $state<ScreenKind | null>(null);
  #name = $state('');
  #code = $state('');
  /** The name the kind suggested ("Cozinha"), replaced when the kind changes unless staff typed their own. */
  #defaultName = '';
  #busy = $state(false);
  #refusal = $state<Extract<JoinOutcome, { outcome: 'refused' }> | null>(null);
  #error = $state<ErrorInfo | null>(null);

  constructor(private readonly bridge: Bridge) {
    bridge.on('join:hubs', (view) => {
      this.#hubs = view;
    });
  }

  get hubs(): HubsView {
    return this.#hubs;
  }
  get page(): JoinPage {
    return this.#page;
  }
  get hub(): ChosenHub | null {
    return this.#hub;
  }
  get kind(): ScreenKind | null {
    return this.#kind;
  }
  get name(): string {
    return this.#name;
  }
  get code(): string {
    return this.#code;
  }
  get busy(): boolean {
    return this.#busy;
  }
  /** Why the last pairing did not happen (the hub's code, the address, the hub itself). */
  get refusal(): Extract<JoinOutcome, { outcome: 'refused' }> | null {
    return this.#refusal;
  }
  /** A failure on the way (the main process's own, not the hub's refusal). */
  get error(): ErrorInfo | null {
    return this.#error;
  }
  /** A pairing link carries its code: no code to type. */
  get needsCode(): boolean {
    return this.#hub?.target.via !== 'uri';
  }

  /** The step opened: listen for hubs on the store's network. */
  async open(): Promise<void> {
    this.#page = 'hub';
    const result = await this.bridge['join:hubs']({ browse: true });
    if (result.ok) this.#hubs = result.value;
  }

  /** The step closed (back to the welcome): stop listening. */
  async close(): Promise<void> {
    const result = await this.bridge['join:hubs']({ browse: false });
    if (result.ok) this.#hubs = result.value;
  }

  choose(hub: ChosenHub): void {
    this.#hub = hub;
    this.#refusal = null;
    this.#error = null;
    this.#page = 'screen';
  }

  chooseKind(kind: ScreenKind, defaultName: string): void {
    // The name follows the kind until staff type their own.
    if (this.#name === '' || this.#name === this.#defaultName) this.#name = defaultName;
    this.#defaultName = defaultName;
    this.#kind = kind;
  }

  setName(name: string): void {
    this.#name = name;
  }

  go(page: JoinPage): void {
    this.#page = page;
    this.#refusal = null;
    this.#error = null;
  }

  /** A digit from the keypad or the keyboard; anything else is ignored. */
  press(key: string): void {
    if (/^\d$/.test(key) && this.#code.length < this.codeLength) this.#code += key;
    else if (key === 'Backspace') this.#code = this.#code.slice(0, -1);
    this.#refusal = null;
  }

  /** The longest code this target takes: a hub's six digits, or a chain's invite's eight where the address was typed. */
  get codeLength(): number {
    return this.#hub?.target.via === 'address' ? INVITE_CODE_LENGTH : CODE_LENGTH;
  }

  /** Typed or pasted into the code box: its digits, as many as the target takes. */
  setCode(text: string): void {
    this.#code = text.replace(/\D/g, '').slice(0, this.codeLength);
    this.#refusal = null;
  }

  get ready(): boolean {
    return (
      this.#hub !== null &&
      this.#kind !== null &&
      this.#name.trim() !== '' &&
      (!this.needsCode || this.#code.length === CODE_LENGTH || this.#code.length === this.codeLength)
    );
  }

  /** Pairs; true when this terminal is now a screen (the windows then start over as one). */
  async pair(): Promise<boolean> {
    const hub = this.#hub;
    const kind = this.#kind;
    if (!hub || !kind || !this.ready || this.#busy) return false;
    this.#busy = true;
    this.#refusal = null;
    this.#error = null;
    const result = await this.bridge['join:pair']({ target: hub.target, kind, name: this.#name.trim(), ...(this.needsCode ? { code: this.#code } : {}) });
    this.#busy = false;
    if (!result.ok) {
      this.#error = result.error;
      return false;
    }
    if (result.value.outcome === 'paired') return true;
    this.#refusal = result.value;
    // Wrong, or no longer any use: the next try is typed afresh.
    this.#code = '';
    // What is wrong is the hub chosen, not the code: back where the hub is chosen, the reason shown there.
    if (HUB_REFUSALS.has(result.value.reason)) this.#page = 'hub';
    return false;
  }
}
